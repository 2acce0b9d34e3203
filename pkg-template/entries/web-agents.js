// The web build of `magisterium-a2a/agents`: `await init()` once (it fetches its own .wasm next
// to this file, and `agent-protocol.js` when a client first speaks A2A 1.0 or streams), then use `A2AClient`.
import load, { initSync as loadSync, A2AClient } from "./magisterium_a2a_agents.js";
import { MagisteriumError, atCaller, named } from "./classes.js";
import { loader } from "./loader.js";

const { init, initSync, check, guarded } = loader(load, loadSync);
named({ A2AClient });
const { discover } = A2AClient;
A2AClient.discover = async (baseUrl, options) => (check(), discover(baseUrl, options));
const A2A = atCaller(guarded(A2AClient));

export default init;
export { initSync, A2A as A2AClient, MagisteriumError };
