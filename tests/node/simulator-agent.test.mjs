// The simulator's streaming A2A 1.0 test agent (`${MAGISTERIUM_SIMULATOR}/agent`)
// through the installed package's `A2AClient`: discovery, a task and a message
// answered at once, a stream of status and artifact events, a task followed,
// canceled, listed, and the agent's errors in the "a2a" dialect.
import { test } from "node:test";
import assert from "node:assert/strict";
import { A2AClient } from "magisterium-a2a/agents";
import { all, rejectsWith, say, simulator } from "./harness.mjs";

if (!simulator) throw new Error("MAGISTERIUM_SIMULATOR is not set: run these suites through `cargo xtask test`");

const base = `${simulator}/agent`;

test("discovery finds a 1.0 agent of the a2a dialect that streams", async () => {
  const agent = await A2AClient.discover(base);
  assert.deepEqual([agent.protocolVersion, agent.dialect, agent.endpoint], ["1.0", "a2a", base]);
  assert.equal(agent.card.capabilities.streaming, true);
  assert.deepEqual(agent.card.skills.map((s) => s.id), ["echo", "stream", "reply"]);
});

test("sendMessage: echo is a completed task, reply a message; getTask reads the task back", async () => {
  const agent = await A2AClient.discover(base);
  const task = await agent.sendMessage(say("echo hello", { n: 1 }));
  assert.deepEqual([task.kind, task.status.state], ["task", "completed"]);
  assert.deepEqual(task.artifacts[0].parts, [{ kind: "text", text: "echo hello" }, { kind: "data", data: { n: 1 } }]);
  assert.equal(task.history[0].role, "user");
  const again = await agent.getTask(task.id);
  assert.deepEqual([again.id, again.status.state, again.artifacts], [task.id, "completed", task.artifacts]);
  const reply = await agent.sendMessage({ ...say("hi"), skillId: "reply" });
  assert.deepEqual([reply.kind, reply.role, reply.parts], ["message", "agent", [{ kind: "text", text: "You said: hi" }]]);
});

test("sendMessageStream yields the task, working, the artifact's chunks, then completed", async () => {
  const agent = await A2AClient.discover(base);
  const events = await all(agent.sendMessageStream(say("stream", { chunks: 3, delayMs: 20 }), { timeoutMs: 30_000 }));
  assert.deepEqual(events.map((e) => e.kind), ["task", "status-update", "artifact-update", "artifact-update", "artifact-update", "status-update"]);
  const [task, working, ...rest] = events;
  assert.equal(task.status.state, "submitted");
  assert.deepEqual([working.status.state, working.final, working.taskId], ["working", false, task.id]);
  const chunks = rest.slice(0, 3);
  assert.deepEqual(chunks.map((c) => [c.append, c.lastChunk]), [[false, false], [true, false], [true, true]]);
  assert.deepEqual(chunks.map((c) => c.artifact.parts), [0, 1, 2].map((i) => [{ kind: "text", text: `chunk ${i}` }]));
  assert.deepEqual([rest[3].status.state, rest[3].final, rest[3].contextId], ["completed", true, task.contextId]);
  const done = await agent.getTask(task.id);
  assert.deepEqual(done.artifacts[0].parts.map((p) => p.text), ["chunk 0", "chunk 1", "chunk 2"]);
});

test("a task that takes time: waitForTask, subscribeToTask, cancelTask and its refusal", async () => {
  const agent = await A2AClient.discover(base);
  // The "a2a" dialect asks not to wait (returnImmediately): the task comes back working.
  const slow = await agent.sendMessage(say("stream", { chunks: 2, delayMs: 50 }));
  assert.deepEqual([slow.kind, slow.status.state], ["task", "working"]);
  const followed = await all(agent.subscribeToTask(slow.id, { timeoutMs: 30_000 }));
  assert.deepEqual([followed[0].kind, followed[0].id], ["task", slow.id]);
  assert.equal(followed.at(-1).status.state, "completed");
  assert.equal((await agent.waitForTask(slow.id, { pollIntervalMs: 50, timeoutMs: 30_000 })).status.state, "completed");
  await rejectsWith(agent.cancelTask(slow.id), { code: "TASK_NOT_CANCELABLE", rpcCode: -32002 });
  await rejectsWith(all(agent.subscribeToTask(slow.id)), { code: "UNSUPPORTED_OPERATION", rpcCode: -32004 });

  const long = await agent.sendMessage(say("stream", { chunks: 20, delayMs: 2000 }));
  const canceled = await agent.cancelTask(long.id);
  assert.deepEqual([canceled.id, canceled.status.state], [long.id, "canceled"]);
  assert.equal((await agent.getTask(long.id)).status.state, "canceled");
  await rejectsWith(agent.getTask("no-such-task"), { code: "TASK_NOT_FOUND", rpcCode: -32001 });
});

test("listTasks filters by context and state, newest first, a page at a time", async () => {
  const agent = await A2AClient.discover(base);
  const first = await agent.sendMessage(say("echo one"));
  const contextId = first.contextId;
  const second = await agent.sendMessage({ ...say("echo two"), contextId });
  const listed = await agent.listTasks({ contextId });
  assert.deepEqual(listed.tasks.map((t) => [t.kind, t.id]), [["task", second.id], ["task", first.id]]);
  assert.deepEqual([listed.totalSize, listed.nextPageToken], [2, ""]);
  const page = await agent.listTasks({ contextId, pageSize: 1, status: "completed", includeArtifacts: true });
  assert.deepEqual([page.tasks.length, page.tasks[0].id, page.tasks[0].artifacts[0].parts[0].text], [1, second.id, "echo two"]);
  const next = await agent.listTasks({ contextId, pageSize: 1, pageToken: page.nextPageToken });
  assert.deepEqual(next.tasks.map((t) => t.id), [first.id]);
  await rejectsWith(agent.listTasks({ status: "no-such-state" }), { code: "INVALID_PARAMS", rpcCode: -32602 });
});
