/**
 * The one error class every rejection of the client is an instance of.
 * `code` is stable: branch on it (see `ErrorCode` in the types).
 */
class MagisteriumError extends Error {
  /**
   * @param {string} code stable error code, e.g. "RATE_LIMITED"
   * @param {string} message human-readable message (never carries the token)
   * @param {object} [details] rpcCode, httpStatus, retryAfter, taskId, data, requestId, cause
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
    this.requestId = d.requestId;
    // The stack starts at the line that made it (the constructor's frame left out): an app's own
    // line for an error it makes (a `tokenProvider`'s); the package's calls restack theirs (`atCaller`).
    Error.captureStackTrace?.(this, new.target);
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
 * `Class` with its public methods (static or not), `new` and the `next()` of
 * a stream a method returns made boundaries where the stack is taken: a
 * MagisteriumError thrown or rejected through one gets that stack, so its
 * first frame is the caller's own line, not the package's frames it was made
 * in (nor, for a rejection settled later, a microtask of the package).
 * Nested boundaries: the outermost's stack stays.
 * Only where V8's `Error.captureStackTrace` is (Node, Chromium); the `cause`
 * chain is kept. Returns the class to export (a Proxy, for `new`).
 */
export function atCaller(Class) {
  const across = (boundary, run) => {
    const site = {};
    Error.captureStackTrace?.(site, boundary);
    const restack = (error) => {
      // The message line, then the boundary's frames (`() =>`: no `$` pattern of the message read).
      if (site.stack && error instanceof SharedMagisteriumError) error.stack = site.stack.replace(/^.*/, () => error);
      throw error;
    };
    try {
      const result = run();
      if (result instanceof Promise) return result.catch(restack);
      // A stream: each `next()` (a `for await` asks it) is a boundary too.
      if (result?.[Symbol.asyncIterator]) {
        const next = result.next;
        const boundary = (...args) => across(boundary, () => next.apply(result, args));
        result.next = boundary;
      }
      return result;
    } catch (error) {
      restack(error);
    }
  };
  for (const owner of [Class, Class.prototype]) {
    for (const [name, { value }] of Object.entries(Object.getOwnPropertyDescriptors(owner))) {
      if (typeof value != "function" || name == "constructor" || name[0] == "_") continue;
      const boundary = {
        [name](...args) {
          return across(boundary, () => value.apply(this, args));
        },
      }[name];
      owner[name] = boundary;
    }
  }
  const construct = (...args) => across(construct, () => Reflect.construct(...args));
  return new Proxy(Class, { construct });
}

/**
 * A MagisteriumError of a core error's fields (absent ones `undefined`, as
 * the constructor reads them), made in one crossing from wasm.
 */
export function errorOf(code, message, rpcCode, httpStatus, retryAfter, taskId, data, requestId, cause) {
  return new SharedMagisteriumError(code, message, { rpcCode, httpStatus, retryAfter, taskId, data, requestId, cause });
}

/**
 * `code` and `message` of a `MagisteriumError` a `tokenProvider` threw, as
 * "CODE message" (the client decides which codes a call keeps); "" for
 * anything else.
 */
export function ownError(thrown) {
  return thrown instanceof SharedMagisteriumError ? `${thrown.code} ${thrown.message}` : "";
}
