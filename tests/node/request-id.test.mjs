// The server's request id on an error: read from the reply's `x-request-id` (else `request-id`), bounded.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { MagisteriumClient } from "magisterium-a2a";

/** A server of the test's own: each request's reply is `reply(path)`, `{ status, headers, body }`. */
async function server(t, reply) {
  const s = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const { status = 200, headers = {}, body } = reply(req.url);
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(body);
    });
  });
  await new Promise((resolve) => s.listen(0, "127.0.0.1", resolve));
  t.after(() => s.close());
  return `http://127.0.0.1:${s.address().port}`;
}

const notFound = JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32001, message: "Task not found" } });

test("an error carries the server's request id, x-request-id first, bounded to 128 visible ASCII characters", async (t) => {
  const base = await server(t, (path) => {
    if (path === "/both") return { headers: { "X-Request-Id": "req-7f3a", "Request-Id": "other" }, body: notFound };
    if (path === "/second") return { headers: { "request-id": "req-2" }, body: notFound };
    if (path === "/long") return { headers: { "x-request-id": "r".repeat(10 * 1024) }, body: notFound };
    if (path === "/spaced") return { headers: { "x-request-id": "a b" }, body: notFound };
    if (path === "/html") return { status: 502, headers: { "x-request-id": "req-502" }, body: "<html>bad gateway</html>" };
    if (path === "/large") return { headers: { "x-request-id": "req-big" }, body: JSON.stringify({ pad: "x".repeat(4096) }) };
    return { body: notFound };
  });
  const at = (path, options) => new MagisteriumClient({ endpoint: base + path, maxRetries: 0, ...options });
  await assert.rejects(at("/both").getTask("nope"), { code: "TASK_NOT_FOUND", requestId: "req-7f3a" });
  await assert.rejects(at("/second").getTask("nope"), { code: "TASK_NOT_FOUND", requestId: "req-2" });
  await assert.rejects(at("/long").getTask("nope"), (e) => e.requestId === "r".repeat(128));
  await assert.rejects(at("/spaced").getTask("nope"), (e) => e.code === "TASK_NOT_FOUND" && e.requestId === undefined);
  await assert.rejects(at("/html").getTask("nope"), { code: "BAD_RESPONSE", httpStatus: 502, requestId: "req-502" });
  await assert.rejects(at("/large", { maxResponseBytes: 1024 }).getTask("nope"), { code: "BAD_RESPONSE", requestId: "req-big" });
  await assert.rejects(at("/none").getTask("nope"), (e) => e.code === "TASK_NOT_FOUND" && e.requestId === undefined);
});
