// maxResponseBytes (and the agent card's own limit) hold whatever the server
// sends: a body with no end, a gzip body that decodes to 100 times the limit,
// a Content-Length smaller than the body, multi-byte text counted in UTF-8
// bytes. Each ends in BAD_RESPONSE (the calls have a generous timeout, so a
// read that never stops would end in TIMEOUT instead) and the client goes on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";
import { endpoint, simulator, freshToken, fault, rejectsWith } from "./harness.mjs";

const MIB = 1024 * 1024;
/** The client's limit in these tests, and the agent card's (MAX_CARD_BYTES). */
const LIMIT = MIB;
/** The message of a body refused at `limit`: it names the limit, not a size never seen. */
const overLimit = (limit) => new RegExp(`more than ${limit} bytes`);

/** A client with a token of its own and `maxResponseBytes: limit`, and the token. */
async function client(limit = LIMIT) {
  const own = await freshToken();
  const options = { token: own, endpoint, maxResponseBytes: limit, maxRetries: 0, timeoutMs: 60_000 };
  return [new MagisteriumClient(options), own];
}

/** The peak resident memory of this process so far, in bytes. */
const peakMemory = () => process.resourceUsage().maxRSS * 1024;

// First in the file (each file runs in a process of its own): the peak is this test's.
test("a gzip body that decodes to 100x the limit is stopped early: memory grows by less than 64 MiB", async () => {
  const [c, own] = await client();
  assert.ok(Array.isArray(await c.searchDocuments("grace")), "warmed up");
  const before = process.memoryUsage().rss;
  await fault(own, "oversized", { bytes: 100 * LIMIT, gzip: true });
  const e = await rejectsWith(c.searchDocuments("grace"), { code: "BAD_RESPONSE", httpStatus: 200 });
  assert.match(e.message, overLimit(LIMIT));
  const grown = peakMemory() - before;
  assert.ok(grown < 64 * MIB, `the peak memory grew by ${(grown / MIB).toFixed(1)} MiB`);
});

for (const [name, params, limited] of [
  ["a chunked body with no end", { fault: "never_ending", chunkBytes: 65536, everyMs: 0 }, true],
  ["a gzip body that decodes to 100x the limit", { fault: "oversized", bytes: 100 * LIMIT, gzip: true }, true],
  // fetch reads what the header declares: a cut body, which is not JSON.
  ["a Content-Length smaller than the body", { fault: "short_content_length", bytes: 2 * LIMIT, contentLength: 1024 }, false],
]) {
  test(`${name}: BAD_RESPONSE, and the same client answers the next call`, async () => {
    const [c, own] = await client();
    const { fault: kind, ...rest } = params;
    await fault(own, kind, rest);
    const e = await rejectsWith(c.searchDocuments("grace"), { code: "BAD_RESPONSE", httpStatus: 200 });
    if (limited) assert.match(e.message, overLimit(LIMIT));
    assert.ok(Array.isArray(await c.searchDocuments("grace")));
  });
}

/**
 * A `search_results` answer to a client's first request (id 1), sent
 * gzip-compressed (so without a Content-Length to refuse it by), whose title
 * makes the body exactly `bytes` long in UTF-8: "€" is 3 bytes but 1 UTF-16 unit.
 */
function searchAnswer(bytes) {
  const body = (title) =>
    `{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},` +
    `"artifacts":[{"artifactId":"a","name":"search_results","parts":[{"kind":"data","data":{"results":` +
    `[{"id":"1","url":"https://example.org/1","title":"${title}"}]}}]}]}}`;
  const room = bytes - Buffer.byteLength(body(""));
  const title = "€".repeat(Math.floor(room / 3)) + "x".repeat(room % 3);
  const text = body(title);
  assert.equal(Buffer.byteLength(text), bytes);
  assert.ok(text.length < bytes / 2, "far fewer UTF-16 units than bytes");
  return { text, title };
}

test("multi-byte text is counted in UTF-8 bytes: one byte over the limit is refused, exactly the limit is read", async () => {
  const limit = 64 * 1024;
  const [over, overToken] = await client(limit);
  await fault(overToken, "status", { status: 200, body: searchAnswer(limit + 1).text, gzip: true });
  const e = await rejectsWith(over.searchDocuments("grace"), { code: "BAD_RESPONSE" });
  assert.match(e.message, overLimit(limit));
  const [exact, exactToken] = await client(limit);
  const { text, title } = searchAnswer(limit);
  await fault(exactToken, "status", { status: 200, body: text, gzip: true });
  const hits = await exact.searchDocuments("grace");
  assert.equal(hits[0].title, title);
});

test("agent cards have their own limit, held the same way", async () => {
  for (const params of [
    { fault: "never_ending", chunkBytes: 65536, everyMs: 0 },
    { fault: "oversized", bytes: 100 * LIMIT, gzip: true },
  ]) {
    // Card faults are scoped by the path segment before /.well-known/; both card names meet it.
    const scope = await freshToken();
    const { fault: kind, ...rest } = params;
    await fault(scope, kind, { ...rest, route: "card", times: 2 });
    const e = await rejectsWith(A2AClient.discover(`${simulator}/${scope}`, { timeoutMs: 60_000 }), { code: "BAD_RESPONSE" });
    assert.match(e.message, overLimit(LIMIT), kind);
    const found = await A2AClient.discover(`${simulator}/${scope}`, { timeoutMs: 60_000 });
    assert.equal(found.endpoint, endpoint, "discovery goes on");
  }
});
