// The bundler build of `magisterium-a2a/agents`: as `magisterium-a2a`'s (its own .wasm inside
// this module, ready on import), with `agent-protocol.js` a module the app's bundler splits off.
import { initSync, A2AClient } from "./magisterium_a2a_agents.js";
import bytes from "./magisterium_a2a_agents_bg.wasm";
import { MagisteriumError, atCaller, named } from "./classes.js";

initSync({ module: bytes });
named({ A2AClient });

const A2A = atCaller(A2AClient);

export { A2A as A2AClient, MagisteriumError };

/** Nothing to load in this build; kept so the same code runs on every build. */
export default async function init() {}
