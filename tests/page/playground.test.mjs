// The static playground of the installed package magisterium-a2a-simulator
// (`playground/`) served as any static server would serve it: the page installs its Service
// Worker, which runs the simulator and answers the page's own origin, so the
// demo's calls need no server of the test's and no token of the user's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { submit, text, withBrowser } from "./harness.mjs";
import { serveStatic } from "./static-server.mjs";

const ROOT = fileURLToPath(new URL("../node_modules/magisterium-a2a-simulator/playground/", import.meta.url));

test("the playground's demo calls the simulator in its Service Worker, on its own origin, with the demo token", async (t) => {
  const server = await serveStatic(ROOT);
  t.after(() => server.close());
  const origin = `http://127.0.0.1:${server.address().port}`;
  await withBrowser(async (page) => {
    const served = [];
    page.on("response", (response) => served.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() }));
    await page.goto(`${origin}/`);
    await page.waitForSelector("body[data-ready='true']");
    assert.equal(await page.inputValue("#endpoint"), `${origin}/api/v1/a2a`);
    assert.equal(await page.inputValue("#token"), "demo-token");
    await submit(page, "#documents", "#documents-query", "grace");
    assert.ok((await page.locator("#documents .result").count()) > 0);
    assert.match(await text(page, "#documents .status"), /\d+ documents? found/);
    const calls = served.filter(({ url }) => url === `${origin}/api/v1/a2a`);
    assert.ok(calls.length > 0 && calls.every(({ fromServiceWorker }) => fromServiceWorker), JSON.stringify(calls));
  });
});
