// The decode measurement's network: `fetch` replaced by a function that
// answers from memory with a recorded body, under the request's own JSON-RPC
// id (a client numbers its requests 1, 2, 3, …). Both sides call the same
// function and pay the same `Response` and `text()`, so what differs between
// them is what each client does with the body.

import { PREFIX } from "./fixtures.mjs";

/** The first `"id":<digits>` of a request body: the envelope's id (`messageId` is a string). */
const REQUEST_ID = /"id":(\d+)/;

/** The JSON-RPC id of the request `fetch` was given. */
function requestId(init) {
  const match = typeof init?.body === "string" ? REQUEST_ID.exec(init.body) : null;
  if (!match) throw new Error("bench: the request body is not a string holding a numeric JSON-RPC id");
  return match[1];
}

/**
 * Runs `body()` while every `fetch` answers with `fixture`'s recorded body,
 * at once or after `delayMs` (a stand-in for the network's wait); restores
 * `fetch` after.
 */
export async function replaying(fixture, body, delayMs = 0) {
  const real = globalThis.fetch;
  const answer = (init) => new Response(PREFIX + requestId(init) + fixture.rest);
  globalThis.fetch = delayMs > 0
    ? (_url, init) => new Promise((resolve) => setTimeout(() => resolve(answer(init)), delayMs))
    : (_url, init) => Promise.resolve(answer(init));
  try {
    return await body();
  } finally {
    globalThis.fetch = real;
  }
}

/** What a replayed call costs before any client work: the stubbed `fetch`, the `Response`, its `text()`. */
export function floor() {
  return fetch("http://127.0.0.1:9/", { method: "POST", body: '{"id":1}' }).then((response) => response.text());
}
