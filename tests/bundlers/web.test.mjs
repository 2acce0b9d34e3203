// The web build on a plain page (an import map, no bundler): before
// `await init()` a client is a MagisteriumError NOT_INITIALIZED, after it the
// calls work; the page fetches the .wasm next to the module.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertCalls, assertError, openApp, siteUrl } from "./harness.mjs";

test("the web build: NOT_INITIALIZED before init(), then the calls work", async () => {
  const { result, wasmRequests } = await openApp(siteUrl("/web/index.html"));
  const notInitialized = { name: "MagisteriumError", code: "NOT_INITIALIZED", rpcCode: undefined };
  for (const [what, error] of Object.entries(result.beforeInit)) {
    assert.match(assertError(error, notInitialized, what), /await init\(\)/, what);
  }
  assertCalls(result);
  // Each entry fetches its own .wasm, once.
  const own = ["/pkg/web/magisterium_a2a_bg.wasm", "/pkg/web/magisterium_a2a_agents_bg.wasm"];
  assert.deepEqual(wasmRequests, own.map(siteUrl));
});
