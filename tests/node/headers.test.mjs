// What goes over the wire: exactly Content-Type and Authorization of our own, the JSON-RPC body of the contract.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { MagisteriumClient } from "magisterium-a2a";

/** Headers Node's own fetch adds to every request (not ours to choose). */
const RUNTIME_HEADERS = ["host", "connection", "accept", "accept-language", "accept-encoding", "sec-fetch-mode", "user-agent", "content-length"];

test("a request carries only Content-Type and Authorization beside the runtime's own headers", async (t) => {
  const seen = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ headers: req.headers, body: JSON.parse(body), method: req.method, url: req.url });
      const id = JSON.parse(body).id;
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32001, message: "Task not found" } }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.close());
  const endpoint = `http://127.0.0.1:${server.address().port}/api/v1/a2a`;
  await assert.rejects(new MagisteriumClient({ token: "tok-123", endpoint }).getTask("t-1"), { code: "TASK_NOT_FOUND" });
  await assert.rejects(new MagisteriumClient({ endpoint }).getTask("t-2"), { code: "TASK_NOT_FOUND" });
  const [withToken, without] = seen;
  assert.equal(withToken.method, "POST");
  assert.equal(withToken.url, "/api/v1/a2a", "the token never travels in the URL");
  assert.equal(withToken.headers["content-type"], "application/json");
  assert.equal(withToken.headers.authorization, "Bearer tok-123");
  const ours = Object.keys(withToken.headers).filter((h) => !RUNTIME_HEADERS.includes(h));
  assert.deepEqual(ours.sort(), ["authorization", "content-type"]);
  assert.equal(without.headers.authorization, undefined, "no token, no Authorization header");
  assert.deepEqual(withToken.body, { jsonrpc: "2.0", id: withToken.body.id, method: "tasks/get", params: { id: "t-1" } });
});

test("message/send bodies follow the contract", async (t) => {
  const bodies = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      bodies.push(JSON.parse(body));
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(body).id, error: { code: -32603, message: "stop" } }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.close());
  const c = new MagisteriumClient({ endpoint: `http://127.0.0.1:${server.address().port}/a2a`, maxRetries: 0 });
  await assert.rejects(c.saintsOfTheDay("2026-03-19"));
  await assert.rejects(c.saintsOfTheDay("tomorrow"));
  await assert.rejects(c.fetchDocument("12345"));
  await assert.rejects(c.ask("What is grace?", { contextId: "ctx-9" }));
  const messages = bodies.map((b) => b.params.message);
  for (const m of messages) {
    assert.equal(m.role, "user");
    assert.equal(m.kind, "message");
    assert.match(m.messageId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  }
  assert.equal(new Set(messages.map((m) => m.messageId)).size, messages.length, "message ids are unique");
  assert.deepEqual(messages[0].parts, [{ kind: "data", data: { date: "2026-03-19" } }]);
  assert.deepEqual(messages[0].metadata, { skillId: "saints_of_the_day" });
  assert.deepEqual(messages[1].parts, [{ kind: "text", text: "tomorrow" }]);
  assert.deepEqual(messages[2].parts, [{ kind: "data", data: { id: "12345" } }]);
  assert.equal(messages[3].contextId, "ctx-9");
  assert.deepEqual(messages[3].metadata, { skillId: "catholic_qa" });
});

test("an endpoint's redirect is not followed: the message and the token never reach the other origin", async (t) => {
  const elsewhere = [];
  const other = http.createServer((req, res) => {
    elsewhere.push(req.headers.authorization);
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { kind: "task", id: "t-elsewhere", contextId: "c", status: { state: "completed" } } }));
  });
  await new Promise((resolve) => other.listen(0, "127.0.0.1", resolve));
  t.after(() => other.close());
  const redirecting = http.createServer((req, res) => {
    req.resume();
    res.writeHead(307, { Location: `http://127.0.0.1:${other.address().port}/api/v1/a2a` }).end();
  });
  await new Promise((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
  t.after(() => redirecting.close());
  const client = new MagisteriumClient({ token: "tok-123", endpoint: `http://127.0.0.1:${redirecting.address().port}/api/v1/a2a`, maxRetries: 0 });
  await assert.rejects(client.getTask("t-1"), (error) => error.code === "BAD_RESPONSE" && error.httpStatus === 307 && /HTTP 307/.test(error.message));
  assert.deepEqual(elsewhere, [], "nothing was sent to the redirect's target");
});
