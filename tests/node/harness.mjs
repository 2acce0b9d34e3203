// Shared setup of the Node suites: where the simulator and the fixture agent
// are, their test controls, and the error assertion. `cargo xtask test` starts
// both and passes their addresses in the environment.
import assert from "node:assert/strict";
import { MagisteriumError } from "magisterium-a2a";

/** The A2A endpoint under test. */
export const endpoint = process.env.MAGISTERIUM_ENDPOINT;
/** A paid-plan token the simulator accepts. */
export const token = process.env.MAGISTERIUM_TOKEN ?? "demo-token";
/** The simulator's base URL (its `/_sim/` control routes), when testing against it. */
export const simulator = process.env.MAGISTERIUM_SIMULATOR;

/** The base URL of the fixture agent on @a2a-js/sdk 0.3 (`tests/a2a-agent/`). */
export const agentUrl = process.env.A2A_AGENT_URL;
/** The base URL of the fixture agents on @a2a-js/sdk 1.x (`tests/a2a-agent-v1/`: `/v1`, `/compat`, `/old`, `/rest`, `/both`). */
export const agentV1Url = process.env.A2A_AGENT_V1_URL;

if (!endpoint) {
  throw new Error("MAGISTERIUM_ENDPOINT is not set: run these suites through `cargo xtask test`");
}

let counter = 0;

/** A token of its own for one test, registered with the simulator (its own rate limits). */
export async function freshToken(options = {}) {
  const fresh = `node-${process.pid}-${++counter}-${Math.random().toString(36).slice(2)}`;
  await control("POST", "/_sim/tokens", { token: fresh, plan: "paid", ...options });
  return fresh;
}

/** Arms a simulator fault for the requests carrying `token`. */
export function fault(token, fault, params = {}) {
  return control("POST", "/_sim/faults", { fault, token, ...params });
}

/** Moves the simulator's clock forward. */
export function advanceClock(seconds) {
  return control("POST", "/_sim/clock", { advanceSecs: seconds });
}

async function control(method, path, body) {
  if (!simulator) throw new Error("this test needs the simulator (MAGISTERIUM_SIMULATOR)");
  const response = await fetch(simulator + path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
}

/** Asserts that `promise` rejects with a MagisteriumError matching `expected`; the error. */
export async function rejectsWith(promise, expected) {
  const error = await promise.then(
    () => assert.fail("expected a rejection"),
    (e) => e,
  );
  assert.ok(error instanceof MagisteriumError, `not a MagisteriumError: ${error}`);
  assert.ok(error instanceof Error);
  assert.equal(error.name, "MagisteriumError");
  for (const [key, value] of Object.entries(expected)) assert.deepEqual(error[key], value, key);
  return error;
}

/** A message for the skill named by its first word, with a data part when given (the fixture agents' and the simulator's test agent's convention). */
export const say = (text, data) => ({ parts: [{ kind: "text", text }, ...(data ? [{ kind: "data", data }] : [])] });

/** Every event of `stream`, in order. */
export async function all(stream) {
  const seen = [];
  for await (const event of stream) seen.push(event);
  return seen;
}
