// Streams of events against the official SDK's agents: leaving a loop, abort
// and timeout, and the one-event stream of an agent that does not stream
// (Magisterium). Their events in every binding (order and shapes,
// input-required and failed tasks, cancel while streaming, subscribing): the
// behaviour table (tests/agent-behaviours.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { A2AClient } from "magisterium-a2a/agents";
import { agentV1Url, all, freshToken, rejectsWith, say, simulator } from "./harness.mjs";

test("leaving the loop closes the stream: the 1.0 agent's task goes on, the client's next calls are unaffected", async () => {
  const client = await A2AClient.discover(`${agentV1Url}/v1`);
  for (let i = 0; i < 20; i++) {
    for await (const event of client.sendMessageStream(say("slow", { delayMs: 10_000 }))) {
      assert.equal(event.kind, "task");
      break;
    }
  }
  const events = await all(client.sendMessageStream(say("stream", { chunks: 1, delayMs: 1 }), { timeoutMs: 5000 }));
  assert.equal(events.at(-1).status.state, "completed");
});

test("an abort or the stream's timeout ends it with ABORTED or TIMEOUT", async () => {
  const client = await A2AClient.discover(`${agentV1Url}/v1`);
  const controller = new AbortController();
  const stream = client.sendMessageStream(say("slow", { delayMs: 5000 }), { signal: controller.signal });
  const seen = [];
  const error = await rejectsWith(
    (async () => {
      for await (const event of stream) {
        seen.push(event);
        controller.abort("user left");
      }
    })(),
    { code: "ABORTED" },
  );
  assert.equal(seen.length, 1);
  assert.equal(error.cause, "user left");
  await rejectsWith(all(client.sendMessageStream(say("slow", { delayMs: 5000 }), { timeoutMs: 300 })), { code: "TIMEOUT" });
  await rejectsWith(all(client.sendMessageStream(say("echo"), { signal: AbortSignal.abort() })), { code: "ABORTED" });
});

test("an agent that does not stream (Magisterium) gets one message/send; the stream yields its final task", async () => {
  const token = await freshToken();
  const client = await A2AClient.discover(simulator, { token });
  assert.equal(client.card.capabilities.streaming, false);
  const events = await all(client.sendMessageStream({ parts: [{ kind: "text", text: "What is grace?" }], skillId: "catholic_qa" }));
  assert.deepEqual(events.map((e) => [e.kind, e.status.state]), [["task", "completed"]]);
  const subscribed = await all(client.subscribeToTask(events[0].id));
  assert.deepEqual(subscribed.map((e) => [e.kind, e.id, e.status.state]), [["task", events[0].id, "completed"]]);
  await rejectsWith(all(client.sendMessageStream({ parts: [] })), { code: "INVALID_INPUT" });
});
