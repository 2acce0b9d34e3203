// The bundler build: the bundler instantiates the .wasm on import.
export { A2AClient, MagisteriumClient } from "./magisterium_a2a.js";
export { MagisteriumError } from "{{ERROR_MODULE}}";

/** Nothing to load in this build; kept so the same code runs on every build. */
export default async function init() {}
