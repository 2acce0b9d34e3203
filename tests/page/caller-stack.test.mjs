// In Chromium, as in Node (tests/node/caller-stack.test.mjs): an error's
// stack starts at the line of the page's own script that called the web
// build, for a rejection of either entry's client and for `new`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { demoUrl, simulatorEndpoint, withBrowser } from "./harness.mjs";

/** The page's script, served at the demo's origin by the test itself. */
const SCRIPT = `${demoUrl}/caller-stack.mjs`;

const LINES = [
  `import init, { MagisteriumClient } from "/pkg/web/index.js";`,
  `import initAgents, { A2AClient } from "/pkg/web/agents.js";`,
  `await Promise.all([init(), initAgents()]);`,
  `const client = new MagisteriumClient(${JSON.stringify({ token: "not-a-valid-token", endpoint: simulatorEndpoint })});`,
  `const stack = (error) => error.stack;`,
  `export const refused = client.searchDocuments("grace").catch(stack); // refused`,
  `export const nowhere = A2AClient.discover("http://127.0.0.1:1/").catch(stack); // nowhere`,
  `export let option;`,
  `try {`,
  `  new MagisteriumClient({ timeoutMs: -5 }); // option`,
  `} catch (error) {`,
  `  option = error.stack;`,
  `}`,
];

test("in Chromium, error.stack's first frame is the page script's line of the call, for both entries and for `new`", async () => {
  await withBrowser(async (page) => {
    await page.route(SCRIPT, (route) => route.fulfill({ contentType: "text/javascript", body: LINES.join("\n") }));
    await page.goto(`${demoUrl}/pkg/README.md`);
    const stacks = await page.evaluate(async (url) => {
      const script = await import(url);
      return { refused: await script.refused, nowhere: await script.nowhere, option: script.option };
    }, SCRIPT);
    for (const [marker, stack] of Object.entries(stacks)) {
      const line = LINES.findIndex((text) => text.endsWith(`// ${marker}`)) + 1;
      assert.match(stack ?? "", /^MagisteriumError: /, `${marker}: ${stack}`);
      assert.ok(stack.split("\n")[1].includes(`${SCRIPT}:${line}:`), `${marker}: the first frame is not line ${line} of the page's script:\n${stack}`);
    }
  });
});
