// The error dialect is a property of the client, decided once from the card or
// the endpoint: the same JSON-RPC codes from the simulator read as
// Magisterium's meanings or as generic A2A's. Also MagisteriumClient.waitForTask.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";
import { endpoint, simulator, freshToken, fault, rejectsWith } from "./harness.mjs";

/** JSON-RPC code → [Magisterium's name, generic A2A's name]. */
const MEANINGS = [
  [-32001, "TASK_NOT_FOUND", "TASK_NOT_FOUND"],
  [-32002, "SKILL_NOT_FOUND", "TASK_NOT_CANCELABLE"],
  [-32003, "RATE_LIMITED", "PUSH_NOTIFICATION_NOT_SUPPORTED"],
  [-32004, "UNAUTHORIZED", "UNSUPPORTED_OPERATION"],
  [-32005, "PLAN_REQUIRED", "CONTENT_TYPE_NOT_SUPPORTED"],
  [-32006, "INTERNAL_ERROR", "INVALID_AGENT_RESPONSE"],
  [-32007, "INTERNAL_ERROR", "AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED"],
  [-32008, "INTERNAL_ERROR", "EXTENSION_SUPPORT_REQUIRED"],
  [-32009, "INTERNAL_ERROR", "VERSION_NOT_SUPPORTED"],
];

/** A client of each dialect on the simulator, sharing a fresh token, without retries. */
async function clients() {
  const token = await freshToken();
  const of = (dialect) => new A2AClient({ endpoint, token, dialect, maxRetries: 0 });
  return { token, magisterium: of("magisterium"), a2a: of("a2a") };
}

test("the simulator, discovered from its base URL, is Magisterium: -32002 is SKILL_NOT_FOUND", async () => {
  const token = await freshToken();
  const client = await A2AClient.discover(simulator, { token });
  assert.equal(client.dialect, "magisterium");
  assert.equal(client.card.name, "Magisterium AI (simulator)");
  assert.equal(client.endpoint, endpoint);
  await rejectsWith(client.sendMessage({ parts: [{ kind: "text", text: "x" }], skillId: "no_such_skill" }), {
    code: "SKILL_NOT_FOUND", rpcCode: -32002,
  });
  assert.equal((await A2AClient.discover(simulator, { token, dialect: "a2a" })).dialect, "a2a", "an explicit dialect wins");
});

test("each server-defined code has its own name in each dialect", async () => {
  const { token, magisterium, a2a } = await clients();
  for (const [rpcCode, ours, generic] of MEANINGS) {
    for (const [client, code] of [[magisterium, ours], [a2a, generic]]) {
      await fault(token, "error", { code: rpcCode, message: `injected ${rpcCode}` });
      await rejectsWith(client.getTask("t"), { code, rpcCode, message: `injected ${rpcCode}` });
    }
  }
});

test("HTTP 403 without a usable body: PLAN_REQUIRED for Magisterium, UNAUTHORIZED for a generic agent", async () => {
  const { token, magisterium, a2a } = await clients();
  for (const [client, code] of [[magisterium, "PLAN_REQUIRED"], [a2a, "UNAUTHORIZED"]]) {
    await fault(token, "status", { status: 403 });
    await rejectsWith(client.getTask("t"), { code, httpStatus: 403, rpcCode: undefined });
  }
});

test("new A2AClient needs an endpoint and takes its dialect from it unless told", () => {
  assert.equal(new A2AClient({ endpoint: "https://www.magisterium.com/api/v1/a2a" }).dialect, "magisterium");
  const generic = new A2AClient({ endpoint: "https://agent.example/a2a" });
  assert.equal(generic.dialect, "a2a");
  assert.equal(generic.card, null);
  assert.equal(new A2AClient({ endpoint, dialect: "a2a" }).dialect, "a2a");
  for (const options of [{}, { endpoint, dialect: "klingon" }, { endpoint: "http://agent.example/a2a", token: "t" }]) {
    assert.throws(() => new A2AClient(options), (e) => e.code === "INVALID_INPUT", JSON.stringify(options));
  }
});

test("MagisteriumClient.waitForTask polls a working task until it is canceled", async () => {
  const token = await freshToken();
  const client = new MagisteriumClient({ endpoint, token });
  await fault(token, "working");
  const task = await client.sendMessage({ parts: [{ kind: "text", text: "grace" }], skillId: "document_search" });
  assert.equal(task.status.state, "working");
  const waiting = client.waitForTask(task.id, { pollIntervalMs: 50 });
  await client.cancelTask(task.id);
  const settled = await waiting;
  assert.equal(settled.id, task.id);
  assert.equal(settled.status.state, "canceled");
});
