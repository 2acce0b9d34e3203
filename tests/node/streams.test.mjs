// Streams of events against the official SDK's agents, 1.0 and 0.3: their
// order and shapes, input-required and failed tasks, cancel while streaming,
// subscribing to a running task, leaving a loop, abort and timeout, and the
// one-event stream of an agent that does not stream (Magisterium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { A2AClient } from "magisterium-a2a/agents";
import { agentUrl, agentV1Url, all, freshToken, rejectsWith, say, simulator } from "./harness.mjs";

/** The agents that stream, each as a client: 0.3 (SDK 0.3), 1.0 and 0.3 through the 1.x SDK. */
const AGENTS = [
  ["0.3 (@a2a-js/sdk 0.3)", () => A2AClient.discover(agentUrl)],
  ["1.0 (@a2a-js/sdk 1.x)", () => A2AClient.discover(`${agentV1Url}/v1`)],
  ["0.3 (@a2a-js/sdk 1.x compatibility)", () => A2AClient.discover(`${agentV1Url}/compat`, { protocolVersion: "0.3" })],
];

for (const [name, open] of AGENTS) {
  test(`${name}: task, working, the artifact's chunks, completed`, async () => {
    const client = await open();
    const events = await all(client.sendMessageStream(say("stream", { chunks: 3, delayMs: 20 })));
    assert.deepEqual(events.map((e) => e.kind), ["task", "status-update", "artifact-update", "artifact-update", "artifact-update", "status-update"]);
    const [task, working, ...rest] = events;
    assert.equal(task.status.state, "submitted");
    assert.deepEqual([working.status.state, working.final, working.taskId], ["working", false, task.id]);
    const chunks = rest.slice(0, 3);
    assert.deepEqual(chunks.map((c) => [c.append, c.lastChunk]), [[false, false], [true, false], [true, true]]);
    assert.deepEqual(chunks.map((c) => c.artifact.parts), [0, 1, 2].map((i) => [{ kind: "text", text: `chunk ${i}` }]));
    assert.equal(new Set(chunks.map((c) => c.artifact.artifactId)).size, 1);
    assert.deepEqual([rest[3].status.state, rest[3].final, rest[3].contextId], ["completed", true, task.contextId]);
    assert.equal((await client.getTask(task.id)).status.state, "completed");
  });

  test(`${name}: input-required and failed end their streams; a reply is one message`, async () => {
    const client = await open();
    const asked = await all(client.sendMessageStream(say("ask-back")));
    const last = asked.at(-1);
    assert.deepEqual([last.kind, last.status.state], ["status-update", "input-required"]);
    // 1.0 has no `final`: the client sets it (the 1.x SDK's 0.3 layer sends `false` here, passed on as sent).
    if (name.startsWith("1.0")) assert.equal(last.final, true);
    assert.equal(last.status.message.role, "agent");
    const answered = await all(client.sendMessageStream({ ...say("echo my diocese"), taskId: asked[0].id, contextId: asked[0].contextId }));
    assert.ok(answered.length >= 1);
    const failed = (await all(client.sendMessageStream(say("fail")))).at(-1);
    assert.deepEqual([failed.status.state, failed.final], ["failed", true]);
    const reply = await all(client.sendMessageStream(say("reply hi")));
    assert.deepEqual(reply.map((e) => [e.kind, e.role]), [["message", "agent"]]);
    assert.deepEqual(reply[0].parts, [{ kind: "text", text: "You said: reply hi" }]);
  });

  test(`${name}: cancelTask while streaming ends the stream canceled`, async () => {
    const client = await open();
    const seen = [];
    for await (const event of client.sendMessageStream(say("slow", { delayMs: 5000 }))) {
      seen.push(event);
      if (seen.length === 1) await client.cancelTask(event.id);
    }
    assert.deepEqual([seen.at(-1).kind, seen.at(-1).status.state], ["status-update", "canceled"]);
  });

  test(`${name}: subscribeToTask follows a running task to its end`, async () => {
    const client = await open();
    const task = await client.sendMessage(say("slow", { delayMs: 400 }));
    assert.equal(task.status.state, "working");
    const events = await all(client.subscribeToTask(task.id));
    assert.equal(events[0].kind, "task");
    assert.equal(events[0].id, task.id);
    assert.deepEqual([events.at(-1).kind, events.at(-1).status.state], ["status-update", "completed"]);
    assert.ok(events.some((e) => e.kind === "artifact-update"));
  });
}

test("subscribing to a finished task: 1.0 answers UNSUPPORTED_OPERATION; 0.3.14 sends the task once", async () => {
  const v1 = await A2AClient.discover(`${agentV1Url}/v1`);
  const done = await v1.sendMessage(say("echo finished"));
  const e = await rejectsWith(all(v1.subscribeToTask(done.id)), { code: "UNSUPPORTED_OPERATION", rpcCode: -32004 });
  assert.ok(Array.isArray(e.data));
  const old = await A2AClient.discover(agentUrl);
  const finished = await old.sendMessage(say("echo finished"));
  assert.deepEqual((await all(old.subscribeToTask(finished.id))).map((t) => [t.kind, t.status.state]), [["task", "completed"]]);
  await rejectsWith(all(v1.subscribeToTask("no-such-task")), { code: "TASK_NOT_FOUND" });
});

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
