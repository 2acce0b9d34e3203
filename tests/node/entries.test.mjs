// The package's two entries in Node: `magisterium-a2a` (MagisteriumClient)
// and `magisterium-a2a/agents` (A2AClient), each with its own .wasm, through
// `import` and `require`. They share one MagisteriumError: an error from
// either entry is an instance of the class either exports, and a
// tokenProvider's MagisteriumError keeps its code in a client of either.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import * as magisterium from "magisterium-a2a";
import * as agents from "magisterium-a2a/agents";
import { endpoint, freshToken } from "./harness.mjs";

const require = createRequire(import.meta.url);
/** Each entry as an ES module and as a CommonJS module. */
const entries = { magisterium, agents, magisteriumCjs: require("magisterium-a2a"), agentsCjs: require("magisterium-a2a/agents") };
const classes = Object.entries(entries).map(([name, entry]) => [name, entry.MagisteriumError]);

/** Asserts `error` is a MagisteriumError with `code`, an instance of every entry's class. */
function assertSharedError(error, code, what) {
  assert.equal(error?.code, code, what);
  for (const [name, MagisteriumError] of classes) assert.ok(error instanceof MagisteriumError, `${what}: instanceof ${name}'s MagisteriumError`);
}

test("each entry exports its own client, and one MagisteriumError", () => {
  assert.equal(typeof magisterium.MagisteriumClient, "function");
  assert.equal(typeof agents.A2AClient, "function");
  assert.equal(magisterium.A2AClient, undefined, "A2AClient is the entry magisterium-a2a/agents");
  assert.equal(agents.MagisteriumClient, undefined, "MagisteriumClient is the entry magisterium-a2a");
  for (const [name, MagisteriumError] of classes) assert.equal(MagisteriumError, magisterium.MagisteriumError, name);
});

test("an error from either entry is an instance of the class either exports", async () => {
  const fromAgentsOptions = (() => {
    try {
      new agents.A2AClient({});
    } catch (e) {
      return e;
    }
  })();
  assertSharedError(fromAgentsOptions, "INVALID_INPUT", "new A2AClient({})");
  const fromClientOptions = (() => {
    try {
      new magisterium.MagisteriumClient({ timeoutMs: "soon" });
    } catch (e) {
      return e;
    }
  })();
  assertSharedError(fromClientOptions, "INVALID_INPUT", "new MagisteriumClient({ timeoutMs })");
  const token = await freshToken();
  const fromAgentsCall = await new agents.A2AClient({ endpoint, token }).getTask("no-such-task").catch((e) => e);
  assertSharedError(fromAgentsCall, "TASK_NOT_FOUND", "A2AClient.getTask");
  const fromClientCall = await new magisterium.MagisteriumClient({ endpoint, token }).getTask("no-such-task").catch((e) => e);
  assertSharedError(fromClientCall, "TASK_NOT_FOUND", "MagisteriumClient.getTask");
});

test("a tokenProvider's MagisteriumError from the other entry keeps its code", async () => {
  const refuse = (MagisteriumError) => () => {
    throw new MagisteriumError("SIGN_IN_REQUIRED", "sign in first");
  };
  const viaAgents = new agents.A2AClient({ endpoint, tokenProvider: refuse(magisterium.MagisteriumError) });
  assertSharedError(await viaAgents.getTask("t").catch((e) => e), "SIGN_IN_REQUIRED", "A2AClient, the core entry's class");
  const viaClient = new magisterium.MagisteriumClient({ endpoint, tokenProvider: refuse(agents.MagisteriumError) });
  assertSharedError(await viaClient.getTask("t").catch((e) => e), "SIGN_IN_REQUIRED", "MagisteriumClient, the agents entry's class");
});
