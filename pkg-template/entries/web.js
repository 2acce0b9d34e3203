// The web build: `await init()` once (it fetches the .wasm next to this file), then use the client.
export { default, initSync, A2AClient, MagisteriumClient } from "./magisterium_a2a.js";
export { MagisteriumError } from "{{ERROR_MODULE}}";
