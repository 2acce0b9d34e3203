// Every request of the sign-in (oauth4webapi's `customFetch`: metadata,
// registration, tokens, refresh, revocation) bounded in size and in time:
// its metadata, a registration or tokens are a few KB, and a body that does
// not end, or a small gzip body that decodes to a huge one, must not grow the
// page or the process; a server that does not answer must not hold a
// refresh, and the lock other processes wait on, for ever.
import { boundedText } from "../npm/js/transport/bounded-body.js";

/** The most bytes of one answer read. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * How long one request may take, its answer read whole. The login file's
 * lock goes stale only well after this (login-file.js), so a request never
 * outlives the lock its refresh holds.
 */
export const REQUEST_TIMEOUT_MS = 5_000;

/**
 * `fetch(url, init)` with the answer's body read whole, up to
 * `MAX_ANSWER_BYTES`, within `REQUEST_TIMEOUT_MS`, into the Response handed
 * back. A longer one is cancelled and rejects with a TypeError whose `code`
 * marks it as a refusal (SIGN_IN_FAILED), not a network failure; a late one
 * rejects with a TypeError without a `code`, as fetch does when there is no
 * answer (NETWORK).
 */
export async function boundedFetch(url, init) {
  // The sign-in passes no signal of its own: this one is the request's only.
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response;
  let text;
  try {
    response = await fetch(url, { ...init, signal });
    text = await boundedText(response, MAX_ANSWER_BYTES);
  } catch (error) {
    if (!signal.aborted) throw error;
    throw new TypeError(`the authorization server did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`, { cause: error });
  }
  if (text === null) {
    const error = new TypeError(`the authorization server's answer is longer than ${MAX_ANSWER_BYTES} bytes`);
    throw Object.assign(error, { code: "ANSWER_TOO_LARGE" });
  }
  // A 204 or 205 may carry no body at all, not even an empty one.
  return new Response(text === "" ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
}
