// The JS side of the differential test (`cargo xtask test`; the native side
// and the comparison are in xtask/src/differential/). Reads one case per
// line on stdin, calls the installed package's Node build with `fetch`
// stubbed to answer the case, and writes one line per case on stdout:
// `{ n, requestId, parsed, outcome }`, where `parsed` says whether
// `JSON.parse` takes the body text and `outcome` is the JSON text of
// `{ value }`, `{ error: { code, message, rpcCode, httpStatus, retryAfter, taskId, data } }`
// or `{ trap }` (a rejection that is not a MagisteriumError: a wasm trap, a bug).
import { createInterface } from "node:readline";
import { MagisteriumClient, MagisteriumError } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";

/** Stands for the request's JSON-RPC id in a case's body (see json_text.rs). */
const ID_PLACEHOLDER = Buffer.from("@ID@");

const token = process.env.DIFFERENTIAL_TOKEN;
const clients = {
  magisterium: new MagisteriumClient({ token, endpoint: "https://magisterium.test/a2a", maxRetries: 0 }),
  a2a: new A2AClient({ token, endpoint: "https://agent.test/a2a", dialect: "a2a", maxRetries: 0 }),
};

/** The case being answered, and the id of the request the client sent for it. */
let current;
let requestId;

globalThis.fetch = async (url, init) => {
  if (current === undefined) throw new Error("a request outside any case");
  requestId = JSON.parse(init.body).id;
  const body = withId(Buffer.from(current.body, "hex"), requestId);
  return new Response(body, { status: current.status, headers: current.headers });
};

/** `bytes` with every placeholder replaced by the request's id. */
function withId(bytes, id) {
  const pieces = [];
  let at = 0;
  for (let found = bytes.indexOf(ID_PLACEHOLDER, at); found >= 0; found = bytes.indexOf(ID_PLACEHOLDER, at)) {
    pieces.push(bytes.subarray(at, found), Buffer.from(String(id)));
    at = found + ID_PLACEHOLDER.length;
  }
  pieces.push(bytes.subarray(at));
  return Buffer.concat(pieces);
}

/** Whether `JSON.parse` takes the body as `Response.text()` decodes it. */
function parses(bytes) {
  try {
    JSON.parse(new TextDecoder().decode(bytes));
    return true;
  } catch {
    return false;
  }
}

async function answer(c) {
  current = c;
  requestId = undefined;
  let outcome;
  try {
    outcome = { value: await clients[c.client][c.method](c.argument, { timeoutMs: 10000 }) };
  } catch (e) {
    if (e instanceof MagisteriumError) {
      const { code, message, rpcCode, httpStatus, retryAfter, taskId, data } = e;
      outcome = { error: { code, message, rpcCode, httpStatus, retryAfter, taskId, data } };
    } else {
      outcome = { trap: String((e && e.stack) || e) };
    }
  }
  current = undefined;
  const parsed = requestId === undefined ? null : parses(withId(Buffer.from(c.body, "hex"), requestId));
  let text;
  try {
    text = JSON.stringify(outcome);
  } catch (e) {
    // Not the package's failure: the harness cannot write what it returned (too deep for
    // JSON.stringify). The judge compares nothing then, and fails unless the body itself is
    // one the two JSON parsers disagree on.
    text = JSON.stringify({ unserializable: String(e) });
  }
  return JSON.stringify({ n: c.n, requestId, parsed, outcome: text });
}

// One case at a time, in order: the stub answers the case being called.
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() !== "") process.stdout.write((await answer(JSON.parse(line))) + "\n");
}
