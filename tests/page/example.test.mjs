// The Rust browser example (`examples/browser/`, built by `cargo xtask test`
// and served at /example/) against the simulator on another origin: an answer
// with numbered citations, the saints of a fixed date, a task looked up by id,
// errors shown with their code, and hostile server text kept inert.
import { test } from "node:test";
import assert from "node:assert/strict";
import { endpoint } from "../node/harness.mjs";
import { fault, freshToken, settled, text, withBrowser } from "./harness.mjs";
import { IMG, TEXT, answer, assertInert, textTask } from "./hostile.mjs";

const exampleUrl = `${process.env.DEMO_URL}/example/`;

/** Opens the example as it is in the repository and points its fields at the simulator with `token`. */
async function openExample(page, token) {
  await page.goto(exampleUrl);
  await page.waitForSelector("body[data-ready='true']");
  assert.equal(await page.inputValue("#endpoint"), "http://127.0.0.1:8787/api/v1/a2a", "the simulator's default address");
  await page.fill("#endpoint", endpoint);
  await page.fill("#token", token);
}

/** Submits the form of panel `#panel` with `value` in its field, and waits for the call to end. */
async function submit(page, panel, value) {
  await page.fill(`${panel} input`, value);
  await page.locator(`${panel} button[type="submit"]`).click();
  await page.waitForSelector(`${panel} .output > *`);
  await settled(page, panel);
}

/** The code and message of the error panel `#panel` shows. */
async function shownError(page, panel) {
  return { code: await page.locator(`${panel} .error`).getAttribute("data-code"), text: await text(page, `${panel} .error`) };
}

test("the example asks, shows the answer with numbered citations, and looks up its task", async () => {
  await withBrowser(async (page) => {
    await openExample(page, await freshToken());
    await submit(page, "#ask", "What is grace?");
    assert.match(await text(page, "#ask .answer-text"), /grace.*\[1\]/i);
    const numbers = await page.locator("#ask .citation .citation-number").allInnerTexts();
    assert.ok(numbers.length > 0, "the sample corpus cites its documents");
    assert.equal(numbers[0], "[1]");
    assert.match(await text(page, "#ask .citation .citation-title"), /\(sample\)/);
    const links = await page.locator("#ask .citation a").evaluateAll((anchors) =>
      anchors.map((a) => ({ protocol: a.protocol, rel: a.rel, target: a.target })));
    assert.ok(links.length > 0);
    for (const link of links) assert.deepEqual(link, { protocol: "https:", rel: "noopener noreferrer", target: "_blank" });
    assert.ok((await page.locator("#ask .related-question").count()) > 0);

    const taskId = (await text(page, "#ask .answer-task")).replace(/^Task /, "");
    await submit(page, "#task", taskId);
    assert.equal(await page.locator("#task .task").getAttribute("data-state"), "completed");
    assert.equal(await text(page, "#task .task"), `Task ${taskId}: completed (catholic_qa_response)`);
  });
});

test("the example shows the saints of a fixed date, and a day with none", async () => {
  await withBrowser(async (page) => {
    await openExample(page, await freshToken());
    await submit(page, "#saints", "2026-03-19");
    assert.match(await text(page, "#saints .day-text"), /March 19, 2026.*Saint Joseph/);
    await submit(page, "#saints", "2026-06-10");
    assert.equal(await text(page, "#saints .output"), "Nothing is listed for that day.");
  });
});

test("the example shows each error with its code, reading the fields at each call", async () => {
  await withBrowser(async (page) => {
    await openExample(page, await freshToken());
    await submit(page, "#task", "no-such-task");
    assert.deepEqual(await shownError(page, "#task"), { code: "TASK_NOT_FOUND", text: 'TASK_NOT_FOUND Task not found: no task "no-such-task" (unknown or expired)' });

    await page.fill("#token", "not-a-valid-token");
    await submit(page, "#saints", "2026-03-19");
    const refused = await shownError(page, "#saints");
    assert.equal(refused.code, "UNAUTHORIZED");
    assert.doesNotMatch(refused.text, /not-a-valid-token/, "the token is never shown");

    await page.fill("#endpoint", "http://example.org/api/v1/a2a");
    await submit(page, "#saints", "2026-03-19");
    assert.equal((await shownError(page, "#saints")).code, "INVALID_INPUT", "no token over plain http to a remote host");
  });
});

test("hostile server text stays text in the example", async () => {
  const token = await freshToken();
  await fault(token, "result", { result: answer });
  await fault(token, "result", { result: textTask("martyrology") });
  await withBrowser(async (page) => {
    await openExample(page, token);
    await submit(page, "#ask", "What is grace?");
    assert.equal(await page.locator("#ask .answer-text").innerText(), TEXT);
    assert.equal(await text(page, "#ask .citation .citation-title"), IMG);
    assert.equal(await page.locator("#ask .citation a").count(), 1, "only the https source is a link");
    assert.equal(await page.locator("#ask .citation a").getAttribute("href"), "https://example.org/safe");
    await submit(page, "#saints", "2026-03-19");
    assert.equal(await page.locator("#saints .day-text").innerText(), TEXT);
    await assertInert(page);
  });
});
