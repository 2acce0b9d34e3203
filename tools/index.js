// magisterium-a2a/tools: A2A agents' skills, and Magisterium's, as tools for
// language models, in no framework's shape (the adapters beside this module
// give them each framework's). No dependency, no WebAssembly: it works on
// the clients it is given.

export { agentTools } from "./agent.js";
export { toolsOnFirstUse } from "./lazy.js";
export { magisteriumTools } from "./magisterium.js";
export { MAX_NAME } from "./names.js";
export { DEFAULT_MAX_RESULT_CHARS } from "./result.js";
