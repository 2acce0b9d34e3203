// A2A agents' calls (`A2AClient`), and the lazy loading of what they may
// need. A request for Magisterium, or for any 0.3 agent outside a stream,
// goes to `exchange` as it is: its bytes are those it had before A2A 1.0
// came to the package. What 1.0 requests and streams need beyond that is in
// `agent-protocol.js`, loaded the first time a client needs it. Where a call
// goes, in which version, and what the answer means are the core's (in Rust).

import { exchange, reply } from "./exchange.js";

let protocol;
/**
 * `agent-protocol.js` and the core's `.wasm` it brings, loaded once (a failed
 * load is tried again by the next call). The joined module (npm/build.rs)
 * imports it from beside itself, where each build puts it.
 */
export const load = () =>
  (protocol =
    protocol ||
    import("../agent-protocol.js")
      .then((p) => p.ready())
      .catch((error) => ((protocol = undefined), Promise.reject(error))));

/** What `client.extras()` resolves with (`extras` in `agent-protocol.js`), `client` an `A2AClient` of its session. */
export const extras = (client) => load().then((p) => p.extras(client));

/**
 * One call's HTTP exchange, `request` naming what it needs: `url`,
 * `protocolVersion` ("0.3" or "1.0") and `binding` ("JSONRPC" or
 * "HTTP+JSON", as `client.protocolVersion` and `client.binding` say them),
 * `magisterium` (its errors read in the Magisterium dialect), `token`, `body`
 * (the JSON-RPC request the core wrote), `maxBytes`, `stream` (the call asks
 * for events), `extensions` (the `extensions` option as given, or
 * `undefined`) and `tenant` (the interface's, or `undefined`); see
 * `exchange` (`exchange.js`) for what it resolves with (`failed` may also be 4,
 * `value` then an error's fields, see `agent-protocol.js`). A 0.3 call outside
 * a stream and without extensions is `exchange` itself; the others are planned
 * by the core through `agent-protocol.js` (a failure to load it is the
 * request's failure).
 */
export function post(request, call) {
  const { url, protocolVersion, token, body, maxBytes, stream, extensions } = request;
  if (protocolVersion === "0.3" && !stream && extensions === undefined) return exchange(url, token, body, maxBytes, call.signal);
  return load().then((p) => p.post(exchange, request, call), (error) => reply(0, 1, error));
}
