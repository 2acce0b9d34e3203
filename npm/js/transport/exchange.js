// One HTTP exchange: `fetch`, the body read within its size bound, and `JSON.parse`.

import { boundedText } from "./bounded-body.js";
import { ANSWERED, REQUEST_FAILED, TOO_LARGE, UNREADABLE } from "./failure.js";

/**
 * One HTTP exchange, `request` naming what it needs: `url`, `token` (or
 * `undefined`), `body` (or `undefined`), `headers` (the plan's: every header but
 * the token's), `maxBytes` and `io` (or `undefined`), what every exchange
 * of the client carries out (its options, read once by `exchange-options.js` and
 * checked by `options.rs`'s `exchange_options`): `headers`, sent first (none is one
 * of the client's own), `fetch`, called
 * instead of the global one, and the hooks `onRequest({ method, url })`, told before
 * the request, and `onResponse({ method, url, status, durationMs })`, after the
 * exchange (`status` 0 when no response came), neither awaited, what either throws
 * or rejects with ignored (see `tell`). POSTs `body` (or GETs, without one) with the plan's
 * `headers` and, with a token, `Authorization: Bearer …`, following no redirect;
 * `extra` (an A2A agent's call, from `agent-protocol.js`) may name the `method`, and its
 * `read(response)` may take the body over: when it returns a promise (of
 * text, or `null` for too large), that is the body read.
 * Never rejects; resolves with
 * `{ status, failed, value, headers }`: `failed` (`failure.js`)
 * is REQUEST_FAILED or UNREADABLE (`value` is then what was thrown),
 * TOO_LARGE when the body is larger than `maxBytes` (refused from its
 * `Content-Length` before the download when it declares more, else stopped as
 * soon as the bytes read pass it), else ANSWERED (`value` is then the parsed JSON,
 * `undefined` when the body is not JSON); `headers` are the response's (when
 * one came), which the core reads by its rule (`plan::reply_head`). `signal`
 * aborts it.
 */
export function exchange(request, signal, extra) {
  const { url, token, body, maxBytes, io = {} } = request;
  const headers = { ...io.headers };
  // A redirect is not followed, as the Rust client and the proxy follow none: a 307 to another origin would re-post
  // the message there and return that origin's task as the agent's answer. The 3xx itself is the answer the core reads
  // (BAD_RESPONSE, `HTTP 307`), as the Rust client's; a browser hides it (an opaque redirect, status 0): the same error.
  const init = { headers, signal, redirect: "manual", method: "GET" };
  if (body !== undefined) {
    init.method = "POST";
    init.body = body;
  }
  if (token !== undefined) headers.Authorization = "Bearer " + token;
  Object.assign(headers, request.headers);
  if (extra && extra.method) init.method = extra.method;
  // What the hooks are told: the plan's verb and URL (the core's, carried out here), never a header (the token is one).
  const method = init.method;
  const out = reply(0, REQUEST_FAILED, undefined);
  const fail = (error) => {
    out.value = error;
    return out;
  };
  tell(io.onRequest, { method, url });
  const start = performance.now();
  const told = () => (tell(io.onResponse, { method, url, status: out.status, durationMs: performance.now() - start }), out);
  // A `fetch` option that throws, or answers what is not a response, fails the request as a rejection would.
  return new Promise((resolve) => resolve((io.fetch || fetch)(url, init))).then((response) => {
    out.status = response.status;
    // Read by the core, by name (`plan::reply_head`: `Retry-After`, `Cache-Control`, the server's request id).
    out.headers = response.headers;
    out.failed = UNREADABLE;
    const first = extra && extra.read && extra.read(response);
    if (first) {
      return first.then((data) => {
        out.failed = data === null ? TOO_LARGE : ANSWERED;
        out.value = parseJson(data);
        return out;
      });
    }
    return boundedText(response, maxBytes).then((text) => {
      out.failed = text === null ? TOO_LARGE : ANSWERED;
      out.value = parseJson(text);
      return out;
    });
  })
    // A failure of the request (REQUEST_FAILED) or, once a response came, of its body (UNREADABLE).
    .catch(fail)
    .then(told);
}

/** `hook(event)` when there is a hook: what it throws, or the promise it returns rejects with, is ignored. */
function tell(hook, event) {
  try {
    if (hook) Promise.resolve(hook(event)).catch(() => {});
  } catch {}
}

/** What `exchange` resolves with, before a response came (its `headers` are set when one does). */
export function reply(status, failed, value) {
  return { status, failed, value };
}

/** `text` parsed as JSON; `undefined` when it is not JSON (the core says what that status without a JSON body means). */
function parseJson(text) {
  try {
    return typeof text === "string" ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
