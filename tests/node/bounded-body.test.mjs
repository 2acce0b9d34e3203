// The package's one rule for bounding a body read (`boundedText` of
// `npm/js/transport/bounded-body.js`: the client's responses, the parish proxy's requests
// and upstream answers, the sign-in's answers) held to the table the core's
// `BodyLimit` is held to, tests/fixtures/declared-lengths.json: which
// `Content-Length` texts are a length and refuse a body before it is read,
// and bodies without one, plain or gzip, counted as they arrive over HTTP.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { boundedText, declaredLength } from "../../npm/js/transport/bounded-body.js";

const table = JSON.parse(readFileSync(new URL("../fixtures/declared-lengths.json", import.meta.url), "utf8"));
const { limit } = table;

/** A test's name: the header and why it is in the table. */
const label = (row) => `${JSON.stringify(row.header)}: ${row.why}`;

/** A header value `Headers` takes as it is: bytes (code points up to U+00FF) without blanks at either end, which it would strip. */
const sendable = (text) => /^[^ \t][\x00-\xff]*$/.test(text) && !/[ \t]$/.test(text);

for (const row of table.declared) {
  test(`Content-Length ${label(row)}`, async () => {
    assert.equal(!Number.isNaN(declaredLength(row.header)), row.used, "a length, or nothing declared");
    if (!sendable(row.header)) return;
    // A body of 10 bytes under that header: only a length over the limit refuses it unread.
    let pulled = false;
    const pull = (controller) => {
      pulled = true;
      controller.enqueue(new TextEncoder().encode("0123456789"));
      controller.close();
    };
    // No queue to fill: pulled only when read.
    const body = new ReadableStream({ pull }, { highWaterMark: 0 });
    const response = new Response(body, { headers: { "Content-Length": row.header } });
    assert.equal(response.headers.get("Content-Length"), row.header);
    const text = await boundedText(response, limit);
    assert.equal(text === null, row.refused, `read: ${JSON.stringify(text)}`);
    assert.equal(pulled, !row.refused, "a refused body is not read");
  });
}

test("no Content-Length, or no body, declares nothing", async () => {
  assert.ok(Number.isNaN(declaredLength(null)));
  assert.equal(await boundedText(new Response(null), limit), "");
});

/**
 * A server on 127.0.0.1 answering each request with the body of `table.bodies[n]`
 * (`/n`): its chunks of `x`, written one by one with no Content-Length (chunked), or
 * gzip-compressed whole. Resolves with its base URL; `close()` stops it.
 */
async function bodyServer() {
  const server = http.createServer((request, response) => {
    const body = table.bodies[Number(request.url.slice(1))];
    const chunks = body.chunks.map((n) => Buffer.alloc(n, "x"));
    if (body.gzip) {
      response.writeHead(200, { "Content-Encoding": "gzip", "Content-Type": "text/plain" });
      response.end(gzipSync(Buffer.concat(chunks)));
      return;
    }
    response.writeHead(200, { "Content-Type": "text/plain" });
    for (const chunk of chunks) response.write(chunk);
    response.end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

test("bodies without a Content-Length are counted as they arrive, gzip ones in decoded bytes", async (t) => {
  const server = await bodyServer();
  t.after(() => server.close());
  for (const [n, body] of table.bodies.entries()) {
    const response = await fetch(`${server.url}/${n}`);
    assert.equal(response.headers.get("Content-Length"), null, body.name);
    if (body.gzip) assert.equal(response.headers.get("Content-Encoding"), "gzip", body.name);
    const text = await boundedText(response, limit);
    const size = body.chunks.reduce((sum, chunk) => sum + chunk, 0);
    assert.equal(text, body.refused ? null : "x".repeat(size), body.name);
  }
});
