// The runtime's globals, as the core's runtime rule reads them.

/**
 * Whether the global `name` is defined: the facts the core's runtime rule
 * judges (`Globals` in `src/sans_io/exchange.rs`: a browser's page, where
 * `fetch` resolves `*.localhost` itself and CORS may refuse a response, one of
 * its workers, or elsewhere).
 */
export const hasGlobal = (name) => name in globalThis;
