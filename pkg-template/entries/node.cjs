"use strict";
// The Node build (CommonJS): the .wasm is read and instantiated on require.
const { A2AClient, MagisteriumClient } = require("./magisterium_a2a.js");
const { MagisteriumError } = require("{{ERROR_MODULE}}");

/** Nothing to load in this build; kept so the same code runs on every build. */
async function init() {}

module.exports = { A2AClient, MagisteriumClient, MagisteriumError, init, default: init };
