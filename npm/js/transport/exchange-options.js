// A client's `headers`, `fetch`, `onRequest` and `onResponse` options, read once when the client is made.

/** The options that are functions the client calls: its `fetch`, and the hooks told of each exchange. */
const FUNCTIONS = ["fetch", "onRequest", "onResponse"];

/**
 * What every exchange of a client carries out besides its plan (`exchange`'s
 * `request.io`), read from the caller's `options` (an object, its keys
 * checked by the Rust side's `Reader`): `headers` as the platform reads a
 * `HeadersInit` (`new Headers(…)`: a record, an array of pairs or a `Headers`;
 * it refuses a name that is not a header name and a value holding CR, LF or
 * NUL), copied into a record of lower-case names, so that a later change to
 * the caller's object is never sent unchecked (the Rust side then refuses a
 * header the client sets itself, by the core's `plan::check_not_own_header`);
 * the functions as given. When an option is refused, a string: the message
 * after the option's path (`.fetch must be a function`), never quoting a
 * header's value. What a hostile object's getter throws is thrown (the Rust
 * side's `catch` makes it INVALID_INPUT).
 */
export function exchangeOptions(options) {
  const io = {};
  for (const name of FUNCTIONS) {
    const value = options?.[name];
    if (value == null) continue;
    if (typeof value !== "function") return "." + name + " must be a function";
    io[name] = value;
  }
  if (options?.headers != null) {
    try {
      io.headers = Object.fromEntries(new Headers(options.headers));
    } catch {
      // Whatever the platform threw (a hostile iterable's error too), not its message: it quotes
      // the value, which may be a secret (an API key) and may hold CR or LF.
      return ".headers: an invalid name, or CR, LF or NUL in a value";
    }
  }
  return io;
}
