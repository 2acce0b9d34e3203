// The core's part of `A2AClient` that `agent-protocol.js` brings (bundler build): its .wasm
// travels inside this module, instantiated the first time a client speaks A2A 1.0 or opens a stream.
import { initSync, EventStream, SeenEvents, extendedCardAsked, extendedCardRead, extensionsHeader, plan, pushParams, pushRead } from "{{PROTOCOL_GLUE}}";
import bytes from "{{PROTOCOL_WASM}}";

/** Its exports, once the .wasm is instantiated (at once, the first time: `initSync` does it once). */
export const protocol = () =>
  new Promise((resolve) => resolve((initSync({ module: bytes }), { EventStream, SeenEvents, extendedCardAsked, extendedCardRead, extensionsHeader, plan, pushParams, pushRead })));
