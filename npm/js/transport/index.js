// The client's I/O, on the JS side of the boundary: asking the tokenProvider
// (`token.js`), one call's cancellation (the caller's signal and the call's
// timeout as one AbortController, `call-signal.js`), the runtime's globals
// (`globals.js`), a URL in one crossing (`url-parts.js`), one HTTP exchange
// (`exchange.js`: `fetch`, the body read within its size bound of
// `bounded-body.js`, and `JSON.parse`), a client's options for every exchange
// (`exchange-options.js`), an agent's calls and what they load
// lazily (`lazy-load.js`), a stream's events (`events.js`), and the driver
// that runs a call's Rust future across the promises it awaits (`driver.js`).
// Written in JS because each is a handful of browser calls: from Rust every
// one of them would be a crossing, and the async glue around them would weigh
// more in the bundle than these lines. Every decision stays in Rust: what to
// send, what the reply means, whether to retry.
//
// What the Rust code binds, as one module: npm/build.rs bundles this file
// with esbuild into `npm/js/transport.js` (generated, not kept in git), the
// one snippet wasm-bindgen ships and its test runner loads (a second snippet
// stalled the runner's page: docs/design.md, "Why `drive` lives in the one
// snippet").

export { askToken } from "./token.js";
export { CallSignal } from "./call-signal.js";
export { hasGlobal } from "./globals.js";
export { urlParts } from "./url-parts.js";
export { exchange } from "./exchange.js";
export { exchangeOptions } from "./exchange-options.js";
export { extras, post } from "./lazy-load.js";
export { events } from "./events.js";
export { drive } from "./driver.js";
