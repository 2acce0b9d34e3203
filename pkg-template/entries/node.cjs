"use strict";
// The Node build of `magisterium-a2a` (CommonJS): the .wasm is read and instantiated on require.
const { MagisteriumClient } = require("./magisterium_a2a.js");
const { MagisteriumError, atCaller } = require("{{ERROR_MODULE}}");

/** Nothing to load in this build; kept so the same code runs on every build. */
async function init() {}

module.exports = { MagisteriumClient: atCaller(MagisteriumClient), MagisteriumError, init, default: init };
// Marked as an ES module's exports: TypeScript's (and bundlers') `import init from` then gets `default`.
Object.defineProperty(module.exports, "__esModule", { value: true });
