// Hostile answers stay inert: markup shows as text, `javascript:` and other
// non-http URLs never become links, no script runs — in the demo's panels
// and in the widget's shadow root.
import { test } from "node:test";
import assert from "node:assert/strict";
import { configure, fault, freshToken, openDemo, openHostilePage, settled, simulatorEndpoint, submit, text, widgetShows, withBrowser } from "./harness.mjs";
import { IMG, SCRIPT, TEXT, answer, assertInert, document, searchResults, textTask } from "./hostile.mjs";

test("a hostile answer, its citations and related questions render as text", async () => {
  const token = await freshToken();
  await fault(token, "result", { result: answer });
  await withBrowser(async (page) => {
    await openDemo(page, token);
    await submit(page, "#ask", "#ask-question", "What is grace?");
    assert.equal(await page.locator("#ask .answer").innerText(), TEXT);
    assert.equal(await text(page, "#ask .citation .citation-title"), IMG);
    assert.equal(await page.locator("#ask .citation a").count(), 1, "only the https source is a link");
    assert.equal(await page.locator("#ask .citation a").getAttribute("href"), "https://example.org/safe");
    assert.deepEqual(await page.locator("#ask .related-question").allInnerTexts(), [IMG, SCRIPT]);
    await assertInert(page);
  });
});

test("hostile search results and a hostile document render as text", async () => {
  const token = await freshToken();
  await fault(token, "result", { result: searchResults });
  await fault(token, "result", { result: document });
  await withBrowser(async (page) => {
    await openDemo(page, token);
    await submit(page, "#documents", "#documents-query", "grace");
    assert.equal(await page.locator("#documents .result").count(), 6);
    assert.equal(await page.locator("#documents .result a").count(), 1, "only the https result is a link");
    assert.match(await text(page, "#documents .result"), /^<script>window.__pwned = 1<\/script> 0 id 0 <img .*javascript:window.__pwned = 1$/);
    await page.locator("#documents .open-document").first().click();
    await settled(page, "#documents");
    assert.equal(await text(page, "#documents .document-title"), SCRIPT);
    assert.equal(await page.locator("#documents .document-text").innerText(), TEXT);
    await assertInert(page);
  });
});

test("hostile readings and saints render as text", async () => {
  const token = await freshToken();
  await fault(token, "result", { result: textTask("mass_readings") });
  await fault(token, "result", { result: textTask("martyrology") });
  await withBrowser(async (page) => {
    await openDemo(page, token);
    await submit(page, "#readings", "#readings-words", "next Sunday");
    assert.equal(await page.locator("#readings .day-text").innerText(), TEXT);
    await submit(page, "#saints", "#saints-date", "2026-03-19");
    assert.equal(await page.locator("#saints .day-text").innerText(), TEXT);
    await assertInert(page);
  });
});

test("a hostile entry renders as text in the widget's shadow root", async () => {
  const token = await freshToken();
  await fault(token, "result", { result: textTask("martyrology"), times: 0 });
  await withBrowser(async (page) => {
    await openHostilePage(page);
    // Straight to the simulator with a token of the test's own: the proxy's token is the whole suite's.
    await configure(page, "#saints", { endpoint: simulatorEndpoint, token });
    await widgetShows(page, "#saints", "content");
    assert.equal(await page.locator("#saints .body").innerText(), TEXT);
    await assertInert(page);
  });
});
