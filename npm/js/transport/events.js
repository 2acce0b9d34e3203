// A stream's events as an `AsyncIterable`, resubscribing once after a drop
// when asked (through `agent-protocol.js`, loaded lazily).

import { load } from "./lazy-load.js";

/**
 * The `AsyncIterable` of a stream: its first event (or, from an agent that
 * cannot stream, the one result) once `opened` resolves with
 * `{ first, call }`, then each event `call.events` reads, decoded by
 * `client` (an `A2AClient` of the same session: its `_event(call, reply)`
 * returns the `MagisteriumError` of a failed one, thrown here). Leaving the
 * loop, an error, or the end of the stream, or `return()` before any
 * `next()`, closes the connection and ends the call at once; a stream never
 * iterated is ended by the call's signal or timeout. With
 * `options.resubscribe` (checked a boolean by the core's `call_config`), the
 * events are noted by `agent-protocol.js`'s `seen`, whose `after` resubscribes
 * through `client` once after a drop. `client` is freed when the stream ends
 * (never iterated, by the garbage collector).
 */
export function events(opened, options, client) {
  opened.catch(() => {});
  const iterator = stream(opened, options, client);
  const close = iterator.return;
  // A `return()` before the first `next()` never enters the generator: the call is ended here too.
  iterator.return = (value) => (opened.then((first) => first.call.end(), () => {}), close.call(iterator, value));
  return iterator;
}

async function* stream(opened, options, client) {
  const { first, call } = await opened;
  const seen = options?.resubscribe === true ? (await load()).seen(client, options) : undefined;
  try {
    if (!seen || seen.isNew(first)) yield first;
    for (let reply; call.events && (reply = await call.events.next()); ) {
      const event = client._event(call, reply);
      if (event instanceof Error) {
        if (!seen) throw event;
        call.end();
        return yield* seen.after(event);
      }
      if (!seen || seen.isNew(event)) yield event;
    }
  } finally {
    call.end();
    if (seen) seen.free();
    client.free();
  }
}
