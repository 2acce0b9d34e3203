// Asking a `tokenProvider` for a token, and what it threw, read on the JS side
// (a handful of property reads, lighter here than as crossings from Rust).
import { MagisteriumError } from "./magisterium-error.js";

/** The provider's answer: after the server refused a token (a 401), it is asked with `{ rejectedToken }`. */
export function askToken(provider, rejectedToken) {
  return rejectedToken === undefined ? provider() : provider({ rejectedToken });
}

/** `code` and `message` of a `MagisteriumError` a provider threw, as "CODE message"; "" for anything else. */
export function ownError(thrown) {
  return thrown instanceof MagisteriumError ? `${thrown.code} ${thrown.message}` : "";
}
