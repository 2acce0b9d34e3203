// The core's part of `A2AClient` that `agent-protocol.js` brings (Node build): its glue reads
// and instantiates its own .wasm when this module is first required.
import { EventStream, SeenEvents, extendedCardAsked, extendedCardRead, extensionsHeader, plan, pushParams, pushRead } from "{{PROTOCOL_GLUE}}";

/** Its exports. */
export const protocol = () => Promise.resolve({ EventStream, SeenEvents, extendedCardAsked, extendedCardRead, extensionsHeader, plan, pushParams, pushRead });
