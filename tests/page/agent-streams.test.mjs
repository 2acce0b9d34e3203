// A2AClient's streams in Chromium, cross-origin: the fixture agents' events
// in order, in v0.3 and v1.0 alike (normalised to the v0.3 shape), a task
// needing input or failing, a cancel while streaming, a subscription to a
// running task, and Magisterium's card without streaming (one message/send).
import { test } from "node:test";
import assert from "node:assert/strict";
import { agents, freshToken, simulatorUrl, withAgentPage } from "./agent-page.mjs";

/** What each event is: its kind and, for a status update, its state. */
const kinds = (events) => events.map((e) => (e.kind === "status-update" ? `${e.kind} ${e.status.state}` : e.kind));

/**
 * Streams `message(text, data)` from the agent at `base` (discovered with
 * `options`) in `page`: `{ protocolVersion, events, error? }`.
 */
function streamed(page, base, text, data, options = {}) {
  return page.evaluate(async ([base, text, data, options]) => {
    const client = await a2a.A2AClient.discover(base, options);
    return { protocolVersion: client.protocolVersion, ...(await drain(client.sendMessageStream(message(text, data)))) };
  }, [base, text, data, options]);
}

/** Asserts that every event belongs to the task of the first one. */
function assertOneTask(events) {
  const [{ id, contextId }, ...updates] = events;
  for (const update of updates) assert.deepEqual([update.taskId, update.contextId], [id, contextId], update.kind);
}

const dialects = [
  { name: "the v0.3 fixture", base: agents.v03, version: "0.3" },
  { name: "/v1 in v1.0", base: agents.v1, version: "1.0" },
  { name: "/compat in v0.3", base: agents.compat, options: { protocolVersion: "0.3" }, version: "0.3" },
];

for (const { name, base, options, version } of dialects) {
  test(`the stream skill from ${name}: task, working, three chunks of one artifact, completed`, async () => {
    await withAgentPage(async (page) => {
      const { protocolVersion, events, error } = await streamed(page, base, "stream", { chunks: 3, delayMs: 20 }, options);
      assert.equal(error, undefined);
      assert.equal(protocolVersion, version);
      assert.deepEqual(kinds(events), ["task", "status-update working", "artifact-update", "artifact-update", "artifact-update", "status-update completed"]);
      assertOneTask(events);
      const [, working, ...rest] = events;
      const chunks = rest.slice(0, 3);
      const completed = rest[3];
      assert.equal(working.final, false);
      assert.deepEqual(chunks.map((c) => c.append), [false, true, true]);
      assert.deepEqual(chunks.map((c) => c.lastChunk), [false, false, true]);
      assert.equal(new Set(chunks.map((c) => c.artifact.artifactId)).size, 1, "one artifactId");
      assert.deepEqual(chunks.map((c) => c.artifact.parts), [0, 1, 2].map((i) => [{ kind: "text", text: `chunk ${i}` }]));
      assert.equal(completed.final, true);
    });
  });
}

test("ask-back and fail as streams (/v1): input-required and failed as final status updates", async () => {
  await withAgentPage(async (page) => {
    const asked = await streamed(page, agents.v1, "ask-back");
    assert.equal(asked.error, undefined);
    assert.deepEqual(kinds(asked.events), ["task", "status-update input-required"]);
    assertOneTask(asked.events);
    const question = asked.events[1];
    assert.equal(question.final, true);
    assert.deepEqual(question.status.message.parts, [{ kind: "text", text: "Which diocese do you mean?" }]);

    const failed = await streamed(page, agents.v1, "fail");
    assert.equal(failed.error, undefined);
    assert.deepEqual(kinds(failed.events), ["task", "status-update failed"]);
    assertOneTask(failed.events);
    assert.equal(failed.events[1].final, true);
  });
});

test("cancelTask while streaming a slow task (/v1): the stream ends with the canceled update", async () => {
  await withAgentPage(async (page) => {
    const { events, canceled } = await page.evaluate(async (base) => {
      const client = await a2a.A2AClient.discover(base);
      const events = [];
      let canceled;
      for await (const event of client.sendMessageStream(message("slow", { delayMs: 5000 }))) {
        events.push(event);
        if (events.length === 1) canceled = await client.cancelTask(event.id);
      }
      return { events, canceled };
    }, agents.v1);
    assert.deepEqual(kinds(events), ["task", "status-update canceled"]);
    assertOneTask(events);
    assert.equal(events[0].status.state, "working");
    assert.equal(events.at(-1).final, true);
    assert.deepEqual([canceled.id, canceled.status.state], [events[0].id, "canceled"]);
  });
});

for (const { name, base } of dialects.slice(0, 2)) {
  test(`subscribeToTask on a running slow task (${name}): the task first, the completed update last`, async () => {
    await withAgentPage(async (page) => {
      const { started, events, error } = await page.evaluate(async (base) => {
        const client = await a2a.A2AClient.discover(base);
        const started = await client.sendMessage(message("slow", { delayMs: 3000 }));
        return { started, ...(await drain(client.subscribeToTask(started.id))) };
      }, base);
      assert.equal(error, undefined);
      assert.equal(started.status.state, "working");
      assert.deepEqual([events[0].kind, events[0].id], ["task", started.id]);
      assert.equal(kinds(events).at(-1), "status-update completed");
      assert.equal(events.at(-1).final, true);
      assertOneTask(events);
    });
  });
}

test("Magisterium's card has no streaming: sendMessageStream is one message/send and yields the completed task", async () => {
  const token = await freshToken();
  await withAgentPage(async (page) => {
    const methods = [];
    page.on("request", (request) => {
      if (request.method() === "POST") methods.push(request.postDataJSON().method);
    });
    const { protocolVersion, events, error } = await page.evaluate(async ([base, token]) => {
      const client = await a2a.A2AClient.discover(base, { token });
      const request = { parts: [{ kind: "text", text: "What is grace?" }], skillId: "catholic_qa" };
      return { protocolVersion: client.protocolVersion, ...(await drain(client.sendMessageStream(request))) };
    }, [simulatorUrl, token]);
    assert.equal(protocolVersion, "0.3");
    assert.equal(error, undefined);
    assert.equal(events.length, 1, "exactly one event");
    assert.deepEqual([events[0].kind, events[0].status.state], ["task", "completed"]);
    assert.deepEqual(methods, ["message/send"]);
  });
});
