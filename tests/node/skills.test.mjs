// Every skill and task method of the Node build against the simulator.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { MagisteriumClient } from "magisterium-a2a";
import { endpoint, freshToken } from "./harness.mjs";

await init();

async function client() {
  return new MagisteriumClient({ token: await freshToken(), endpoint });
}

test("ask answers with citations, related questions and a conversation", async () => {
  const c = await client();
  const a = await c.ask("What is grace?");
  assert.equal(typeof a.text, "string");
  assert.ok(a.text.length > 20);
  assert.ok(a.citations.length > 0, "the sample corpus has passages on grace");
  for (const citation of a.citations) {
    assert.equal(typeof citation.documentTitle, "string");
    assert.equal(typeof citation.raw, "object");
  }
  assert.ok(a.relatedQuestions.every((q) => typeof q === "string"));
  assert.match(a.taskId, /\S/);
  const followUp = await c.ask("And how is it received?", { contextId: a.contextId });
  assert.equal(followUp.contextId, a.contextId, "a follow-up stays in the conversation");
  assert.notEqual(followUp.taskId, a.taskId);
});

test("searchDocuments ranks hits that fetchDocument opens", async () => {
  const c = await client();
  const hits = await c.searchDocuments("grace");
  assert.ok(hits.length > 0);
  for (const hit of hits) assert.deepEqual(Object.keys(hit), ["id", "url", "title"]);
  const doc = await c.fetchDocument(hits[0].id);
  assert.equal(doc.id, hits[0].id);
  assert.equal(doc.title, hits[0].title);
  assert.ok(doc.text.length > 0);
  assert.equal(typeof doc.author, "string");
  assert.equal(typeof doc.ref, "string");
  assert.deepEqual(await c.searchDocuments("xylophone zebra quasar"), []);
});

test("fetchDocument resolves null for an unknown id", async () => {
  assert.equal(await (await client()).fetchDocument("no-such-document"), null);
});

test("massReadings understands natural language and answers null when it has nothing", async () => {
  const c = await client();
  const easter = await c.massReadings("Easter Sunday 2026");
  assert.match(easter, /2026/);
  assert.equal(typeof (await c.massReadings("next Sunday")), "string");
  assert.equal(typeof (await c.massReadings(new Date(2026, 11, 25))), "string");
  assert.equal(await c.massReadings("the feast of nothing in particular"), null);
});

test("saintsOfTheDay takes a date, a Date or a query, and answers null when it has nothing", async () => {
  const c = await client();
  assert.match(await c.saintsOfTheDay("2026-03-19"), /Joseph/);
  assert.match(await c.saintsOfTheDay(new Date(2026, 2, 19)), /Joseph/);
  const today = await c.saintsOfTheDay("today");
  assert.ok(typeof today === "string" || today === null, "a day may have no entry");
  assert.equal(await c.saintsOfTheDay("gibberish date words"), null);
});

test("sendMessage returns the raw task for any skill, getTask reads it back, cancelTask refuses", async () => {
  const c = await client();
  const task = await c.sendMessage({ parts: [{ kind: "text", text: "grace" }], skillId: "document_search" });
  assert.equal(task.kind, "task");
  assert.equal(task.status.state, "completed");
  assert.equal(task.artifacts[0].name, "search_results");
  assert.deepEqual(task.history.map((m) => m.role), ["user", "agent"]);
  const again = await c.getTask(task.id);
  assert.equal(again.id, task.id);
  await assert.rejects(c.cancelTask(task.id), { name: "MagisteriumError", code: "INVALID_PARAMS", rpcCode: -32602 });
  await assert.rejects(c.getTask("no-such-task"), { code: "TASK_NOT_FOUND", rpcCode: -32001 });
});

test("an unknown skill is SKILL_NOT_FOUND, not A2A's TaskNotCancelable", async () => {
  const c = await client();
  await assert.rejects(c.sendMessage({ parts: [{ kind: "text", text: "x" }], skillId: "no_such_skill" }), {
    code: "SKILL_NOT_FOUND",
    rpcCode: -32002,
    httpStatus: 200,
  });
});
