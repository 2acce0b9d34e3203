// The sign-in's failures as the package's own MagisteriumError (the class of
// the client's entry, imported by the package's name, so `instanceof` holds
// whichever build the page uses). Messages carry the server's `error` and
// `error_description`, never a token, a code or a verifier; the errors of the
// OAuth library are not kept as a cause, since theirs may hold a response body.
import { MagisteriumError } from "magisterium-a2a";
import { AuthorizationResponseError, ResponseBodyError } from "oauth4webapi";

// The boundary of the client's classes, for the sign-in's (its class is the one registered by the
// client's entry imported above, which evaluates first: an error made here or there is restacked).
export { atCaller } from "../npm/js/magisterium-error.js";

/** No tokens, or the server refused to refresh them: the app should call `signIn`. */
export const signInRequired = (message) => new MagisteriumError("SIGN_IN_REQUIRED", message);

/** A sign-in that did not complete. */
export const signInFailed = (message) => new MagisteriumError("SIGN_IN_FAILED", message);

/** An option or argument refused before any request. */
export const invalidInput = (message) => new MagisteriumError("INVALID_INPUT", message);

/**
 * True in a browser, a page (a `document` without `process`) or one of its
 * workers (`importScripts`): only there may CORS refuse an answer.
 */
const inBrowser = (typeof document == "object" && typeof process == "undefined") || typeof importScripts == "function";

/** `fetch` failed: offline, DNS, a refused connection, or (in a browser) refused by CORS. */
export const networkFailure = (what, cause) =>
  new MagisteriumError("NETWORK", `${what}: no answer from the authorization server (${inBrowser ? "offline, or refused by CORS" : "offline, or no server at that address"})`, { cause });

/** What the server said in an OAuth error: `error: error_description`. */
export function serverSaid(error) {
  const description = typeof error.error_description === "string" ? `: ${error.error_description}` : "";
  return `${error.error}${description}`;
}

/** `error`, thrown while `what` (e.g. "registration"), as a MagisteriumError of the sign-in. */
export function failure(what, error) {
  if (error instanceof MagisteriumError) return error;
  if (error instanceof ResponseBodyError || error instanceof AuthorizationResponseError) {
    return signInFailed(`${what} failed: ${serverSaid(error)}`);
  }
  // The library's own refusals (a malformed answer, an http: endpoint) carry a `code`; fetch's failures do not.
  const coded = typeof error?.code === "string";
  if (error instanceof TypeError && !coded) return networkFailure(what, error);
  return signInFailed(coded ? `${what} failed: ${error.message}` : `${what} failed`);
}
