"use strict";
// The Node build of `magisterium-a2a/agents` (CommonJS): its own .wasm, read and instantiated on
// require; `MagisteriumError` is the one `magisterium-a2a` exports (one module for both).
const { A2AClient } = require("./magisterium_a2a_agents.js");
const { MagisteriumError, atCaller } = require("{{ERROR_MODULE}}");

/** Nothing to load in this build; kept so the same code runs on every build. */
async function init() {}

module.exports = { A2AClient: atCaller(A2AClient), MagisteriumError, init, default: init };
// Marked as an ES module's exports: TypeScript's (and bundlers') `import init from` then gets `default`.
Object.defineProperty(module.exports, "__esModule", { value: true });
