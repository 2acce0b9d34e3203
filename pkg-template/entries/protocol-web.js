// The core's part of `A2AClient` that `agent-protocol.js` brings (web build): its own .wasm,
// fetched beside this build's files the first time a client speaks A2A 1.0 or opens a stream.
// (Named imports, not a namespace: esbuild would put its helper for one into a chunk that
// both entries then import up front.)
import load, { EventStream, SeenEvents, extendedCardAsked, extendedCardRead, extensionsHeader, plan, pushParams, pushRead } from "{{PROTOCOL_GLUE}}";

/** Its exports, once the .wasm is instantiated (the glue tries a failed load again). */
export const protocol = () => load().then(() => ({ EventStream, SeenEvents, extendedCardAsked, extendedCardRead, extensionsHeader, plan, pushParams, pushRead }));
