/**
 * The one error class every rejection of the client is an instance of.
 * `code` is stable: branch on it (see `ErrorCode` in the types).
 */
class MagisteriumError extends Error {
  /**
   * @param {string} code stable error code, e.g. "RATE_LIMITED"
   * @param {string} message human-readable message (never carries the token)
   * @param {object} [details] rpcCode, httpStatus, retryAfter, taskId, data, cause
   */
  constructor(code, message, details) {
    const d = details || {};
    super(message, d.cause === undefined ? undefined : { cause: d.cause });
    this.name = "MagisteriumError";
    this.code = code;
    this.rpcCode = d.rpcCode;
    this.httpStatus = d.httpStatus;
    this.retryAfter = d.retryAfter;
    this.taskId = d.taskId;
    this.data = d.data;
    // The stack starts here, in this file, which the Node build keeps readable: Node prints the
    // source line of an uncaught error's first frame, which would else be a line of minified code.
    if (Error.captureStackTrace) Error.captureStackTrace(this);
  }
}

/**
 * The class both entries use, kept under a registered symbol of the realm:
 * the web build bundles this module into each of its entries (one file less
 * to fetch before a client starts), and the entry evaluated first defines
 * it, so an error from either entry is an instance of either's export. (A
 * name of its own, so that no bundler renames the class itself: its name is
 * what Node prints first for an uncaught error.)
 */
const SharedMagisteriumError = (globalThis[Symbol.for("magisterium-a2a.MagisteriumError")] ??= MagisteriumError);
export { SharedMagisteriumError as MagisteriumError };

/**
 * A MagisteriumError of a core error's fields (absent ones `undefined`, as
 * the constructor reads them), made in one crossing from wasm.
 */
export function errorOf(code, message, rpcCode, httpStatus, retryAfter, taskId, data, cause) {
  return new SharedMagisteriumError(code, message, { rpcCode, httpStatus, retryAfter, taskId, data, cause });
}

/**
 * `code` and `message` of a `MagisteriumError` a `tokenProvider` threw, as
 * "CODE message" (the client decides which codes a call keeps); "" for
 * anything else.
 */
export function ownError(thrown) {
  return thrown instanceof SharedMagisteriumError ? `${thrown.code} ${thrown.message}` : "";
}
