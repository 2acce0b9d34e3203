// Every failure shows its message in the panel; a rate limit counts down;
// the request log shows each call; the token goes nowhere but the request.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { fault, freshToken, openDemo, storedTask, submit, text, withBrowser } from "./harness.mjs";

/** The code and message the panel's status shows. */
async function shownError(page, panel) {
  const box = page.locator(`${panel} .status .error`);
  return { code: await box.getAttribute("data-code"), message: await text(page, `${panel} .error-message`) };
}

const cases = [
  {
    name: "a refused token: UNAUTHORIZED",
    token: async () => "not-a-valid-token",
    panel: ["#saints", "#saints-date", "2026-03-19"],
    code: "UNAUTHORIZED",
    message: /The token was refused/,
  },
  {
    name: "a free-plan token: PLAN_REQUIRED",
    token: () => freshToken({ plan: "free" }),
    panel: ["#documents", "#documents-query", "grace"],
    code: "PLAN_REQUIRED",
    message: /Pro, Organization or Enterprise plan/,
  },
  {
    name: "a server failure: INTERNAL_ERROR",
    arm: (token) => fault(token, "error", { code: -32603, message: "Internal error", httpStatus: 500 }),
    panel: ["#readings", "#readings-words", "next Sunday"],
    code: "INTERNAL_ERROR",
    message: /internal error/,
  },
  {
    name: "an HTML error page: BAD_RESPONSE",
    arm: (token) => fault(token, "html_502"),
    panel: ["#documents", "#documents-query", "grace"],
    code: "BAD_RESPONSE",
    message: /could not understand/,
  },
  {
    name: "a response without CORS headers: NETWORK",
    arm: (token) => fault(token, "no_cors"),
    panel: ["#ask", "#ask-question", "What is grace?"],
    code: "NETWORK",
    message: /could not be reached/,
  },
  {
    name: "a failed task: TASK_FAILED",
    arm: (token) => fault(token, "result", {
      result: { kind: "task", id: "t-failed", contextId: "c-failed", status: { state: "failed", message: { kind: "message", role: "agent", messageId: "m", parts: [{ kind: "text", text: "The skill raised." }] } } },
    }),
    panel: ["#saints", "#saints-date", "2026-03-19"],
    code: "TASK_FAILED",
    message: /could not answer/,
  },
];

for (const c of cases) {
  test(`the panel shows the message of ${c.name}`, async () => {
    const token = c.token ? await c.token() : await freshToken();
    await c.arm?.(token);
    await withBrowser(async (page) => {
      await openDemo(page, token);
      const [panel, input, value] = c.panel;
      await submit(page, panel, input, value);
      const shown = await shownError(page, panel);
      assert.equal(shown.code, c.code);
      assert.match(shown.message, c.message);
      assert.match(shown.message, new RegExp(c.code));
    });
  });
}

test("a plain-http endpoint that is not loopback is refused before any request: INVALID_INPUT", async () => {
  await withBrowser(async (page) => {
    await openDemo(page, await freshToken());
    await page.fill("#endpoint", "http://example.org/api/v1/a2a");
    await submit(page, "#saints", "#saints-date", "2026-03-19");
    assert.equal((await shownError(page, "#saints")).code, "INVALID_INPUT");
    assert.equal(await page.locator("#log tbody tr").count(), 0, "nothing was sent");
  });
});

test("an endpoint's redirect is not followed in Chromium either: BAD_RESPONSE, nothing sent to its target", async (t) => {
  // The client asks `fetch` for `redirect: "manual"`: a browser then hides the redirect (an opaque redirect, status 0,
  // no Location), and the client says BAD_RESPONSE (`HTTP 0`), as for any answer without JSON; Node's 307 is the same error.
  const cors = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "authorization, content-type" };
  const elsewhere = [];
  const other = http.createServer((request, response) => {
    elsewhere.push(request.method);
    response.writeHead(200, { ...cors, "Content-Type": "application/json" }).end("{}");
  });
  const redirecting = http.createServer((request, response) => {
    request.resume();
    if (request.method === "OPTIONS") return response.writeHead(204, cors).end();
    response.writeHead(307, { ...cors, Location: `http://127.0.0.1:${other.address().port}/api/v1/a2a` }).end();
  });
  for (const server of [other, redirecting]) {
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    t.after(() => server.close());
  }
  await withBrowser(async (page) => {
    await openDemo(page, await freshToken());
    await page.fill("#endpoint", `http://127.0.0.1:${redirecting.address().port}/api/v1/a2a`);
    await submit(page, "#saints", "#saints-date", "2026-03-19");
    assert.equal((await shownError(page, "#saints")).code, "BAD_RESPONSE");
    assert.match(await text(page, "#saints .error-detail"), /^HTTP 0: /, "the client's own words: a hidden status");
  });
  assert.deepEqual(elsewhere, [], "nothing was sent to the redirect's target");
});

test("a rate limit shows RATE_LIMITED and counts retryAfter down", async () => {
  const token = await freshToken({ rateExpensive: "1/60s" });
  await withBrowser(async (page) => {
    await openDemo(page, token);
    await submit(page, "#ask", "#ask-question", "What is grace?");
    await submit(page, "#ask", "#ask-question", "What is hope?");
    const shown = await shownError(page, "#ask");
    assert.equal(shown.code, "RATE_LIMITED");
    const seconds = async () => Number(/try again in (\d+) s/.exec(await text(page, "#ask .countdown"))?.[1]);
    const first = await seconds();
    assert.ok(first > 1 && first <= 60, `counts from retryAfter (${first})`);
    await page.waitForFunction((start) => {
      const match = /try again in (\d+) s/.exec(document.querySelector("#ask .countdown")?.textContent ?? "");
      return match && Number(match[1]) < start;
    }, first);
    assert.equal(await page.locator("#ask .turn").count(), 1, "the first answer stays");
  });
});

test("the request log shows method, skill, status, duration and task id", async () => {
  const token = await freshToken();
  await withBrowser(async (page) => {
    await openDemo(page, token);
    await submit(page, "#saints", "#saints-date", "2026-03-19");
    const row = page.locator("#log tbody tr").first();
    await page.waitForSelector("#log tbody tr[data-task-id]");
    const cells = await row.locator("td").allInnerTexts();
    assert.equal(cells.length, 6);
    const [time, method, skill, status, duration, taskId] = cells;
    assert.match(time, /^\d{2}:\d{2}:\d{2}$/);
    assert.equal(method, "message/send");
    assert.equal(skill, "saints_of_the_day");
    assert.equal(status, "200");
    assert.match(duration, /^\d+ ms$/);
    const task = await storedTask(token, taskId.trim());
    assert.equal(task.history[0].metadata.skillId, "saints_of_the_day", "the logged task is the call's");
  });
});

test("the token is never stored, put in the URL, logged or written into the page", async () => {
  const token = await freshToken();
  await withBrowser(async (page) => {
    const console = [];
    page.on("console", (message) => console.push(message.text()));
    await openDemo(page, token);
    await submit(page, "#ask", "#ask-question", "What is grace?");
    await submit(page, "#documents", "#documents-query", "grace");
    await page.locator("#token").press("Enter");
    const leaks = await page.evaluate((secret) => ({
      localStorage: localStorage.length,
      sessionStorage: sessionStorage.length,
      cookie: document.cookie,
      url: location.href.includes(secret),
      html: document.documentElement.outerHTML.includes(secret),
    }), token);
    assert.deepEqual(leaks, { localStorage: 0, sessionStorage: 0, cookie: "", url: false, html: false });
    assert.ok(!page.url().includes(token));
    assert.ok(console.every((line) => !line.includes(token)), "nothing logged carries the token");
  });
});
