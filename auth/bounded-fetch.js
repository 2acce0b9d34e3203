// The authorization server's answers read up to a limit (oauth4webapi's
// `customFetch`): its metadata, a registration or tokens are a few KB, and
// a body that does not end, or a small gzip body that decodes to a huge
// one, must not grow the page or the process.
import { boundedText } from "../proxy/bounded-body.js";

/** The most bytes of one answer read. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * `fetch(url, init)` with the answer's body read whole, up to
 * `MAX_ANSWER_BYTES`, into the Response handed back. A longer one is
 * cancelled and rejects with a TypeError whose `code` marks it as a refusal
 * (SIGN_IN_FAILED), not a network failure.
 */
export async function boundedFetch(url, init) {
  const response = await fetch(url, init);
  const text = await boundedText(response, MAX_ANSWER_BYTES);
  if (text === null) {
    const error = new TypeError(`the authorization server's answer is longer than ${MAX_ANSWER_BYTES} bytes`);
    throw Object.assign(error, { code: "ANSWER_TOO_LARGE" });
  }
  // A 204 or 205 may carry no body at all, not even an empty one.
  return new Response(text === "" ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
}
