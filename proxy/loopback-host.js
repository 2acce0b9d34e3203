// Which hosts never leave the machine, for the plain-http rules of the proxy
// (its upstream) and of the sign-in (its issuer and endpoints): the core's
// rule (`is_loopback` in src/sans_io/validate.rs), written here once more because
// these entries run without the client's wasm module.
// tests/node/sign-in-loopback.test.mjs holds it to the core's table of URL
// spellings (tests/fixtures/url-spellings.json), so the two cannot drift.

/**
 * True for a WHATWG URL parser's `hostname` that never leaves the machine:
 * `localhost` and `*.localhost`, an IPv4 address in 127.0.0.0/8, `[::1]`.
 * The parser writes every IPv4 address as four decimal octets (`127.1`,
 * `0x7f.1` and `2130706433` all become `127.0.0.1`) and every IPv6 one
 * compressed, so these shapes are the only ones to compare with; not
 * `localhost.`, `127.0.0.1.nip.io` (names DNS answers for) nor `[::ffff:7f00:1]`.
 */
export function isLoopbackHost(hostname) {
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The same outside browsers, without `*.localhost`: a browser connects to
 * loopback for such a name by itself, but Node's `fetch` asks DNS, whose
 * answer may be any host on the network.
 */
export function isLoopbackHostOutsideBrowsers(hostname) {
  return !hostname.endsWith(".localhost") && isLoopbackHost(hostname);
}
