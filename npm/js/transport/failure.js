// Why a reply has no answer to read: the `failed` code of what every exchange
// resolves with (`exchange.js`, `lazy-load.js`, `agent-protocol.js`'s replies
// and events), which the Rust side reads as `Failure` (npm/src/failure.rs).
// One table: the npm crate's unit test `failure::tests` fails when a code is
// on one side only, or has another value there. (Constants, not an object:
// esbuild writes each one's value where it is used, so a name costs no byte.)

/** The answer was read: `value` is its parsed JSON (`undefined` when it is not JSON). */
export const ANSWERED = 0;
/** The request failed (no response): `value` is what was thrown. */
export const REQUEST_FAILED = 1;
/** The response's body could not be read: `value` is what was thrown. */
export const UNREADABLE = 2;
/** The body, or one event of a stream, is larger than its bound. */
export const TOO_LARGE = 3;
/** The core read an error (before any request, or from an HTTP+JSON answer): `value` is its fields by name. */
export const CORE_ERROR = 4;
