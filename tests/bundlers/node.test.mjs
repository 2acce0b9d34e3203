// Node consumers of the installed package: an ES module and a CommonJS script,
// each resolved through the exports map to the Node build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertCalls, runNode } from "./harness.mjs";

test("an ES module imports the Node build", async () => {
  const { resolved, ...calls } = await runNode("node/consumer.mjs");
  assert.match(resolved, /\/magisterium-a2a\/node\/index\.mjs$/);
  assertCalls(calls);
});

test("a CommonJS script requires the Node build", async () => {
  const { resolved, ...calls } = await runNode("node/consumer.cjs");
  assert.match(resolved, /\/magisterium-a2a\/node\/index\.cjs$/);
  assertCalls(calls);
});
