// Where `A2AClient`'s calls go and in which A2A version, and its streams of
// events. A request for Magisterium, or for any 0.3 agent outside a stream,
// goes to `exchange` as it is: its bytes are those it had before A2A 1.0
// came to the package. What 1.0 and streams need beyond that is in
// `agent-protocol.js`, loaded the first time a client needs it.
import { exchange } from "./transport.js";

let protocol;
/** `agent-protocol.js`, loaded once. */
const load = () => (protocol = protocol || import("./agent-protocol.js"));

/**
 * Where one client's calls go and in which version: `url`, `v1` (A2A 1.0),
 * and `other` (`{ url, v1 }`), the version a -32009 is retried in once
 * when the agent's card left the choice open. The wire is the client's own
 * object: after a -32009 it keeps the other version for every later call.
 */
export function wire(url, v1, otherUrl, otherV1) {
  return { url, v1, other: otherUrl === undefined ? null : { url: otherUrl, v1: otherV1 } };
}

/** `client.protocolVersion`. */
export function versionOf(wire) {
  return wire.v1 ? "1.0" : "0.3";
}

/** `client.endpoint`. */
export function urlOf(wire) {
  return wire.url;
}

/**
 * One call's HTTP exchange on `wire` (see `exchange` in `transport.js` for
 * what it resolves with); `stream`: the call asks for events. A 0.3 call
 * outside a stream is `exchange` itself; the others go through
 * `agent-protocol.js` (a failure to load it is the request's failure).
 */
export function post(wire, token, body, maxBytes, call, stream) {
  if (!wire.v1 && !stream) return exchange(wire.url, token, body, maxBytes, call.signal);
  const failed = (value) => ({ status: 0, failed: 1, value, retryAfter: null, cacheControl: null });
  return load().then((p) => p.post(exchange, wire, token, body, maxBytes, call, stream), failed);
}

/**
 * The `AsyncIterable` of a stream: its first event (or, from an agent that
 * cannot stream, the one result) once `opened` resolves with
 * `{ first, call }`, then each event `call.events` reads, decoded by
 * `decoder.read(call, reply)`, which returns the `MagisteriumError` of a
 * failed one (thrown here). Leaving the loop, an error, or the end of the
 * stream closes the connection and ends the call at once; a stream never
 * iterated is ended by the call's signal or timeout.
 */
export function events(opened, decoder) {
  opened.catch(() => {});
  return stream(opened, decoder);
}

async function* stream(opened, decoder) {
  const { first, call } = await opened;
  try {
    yield first;
    for (let reply; call.events && (reply = await call.events.next()); ) {
      const event = decoder.read(call, reply);
      if (event instanceof Error) throw event;
      yield event;
    }
  } finally {
    call.end();
  }
}
