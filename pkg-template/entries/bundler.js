// The bundler build: the .wasm travels inside this module (base64, decoded once)
// and is compiled and instantiated synchronously on import, so a bundler needs no
// wasm support or configuration and the clients work without `init()`.
import { initSync } from "./magisterium_a2a.js";
import bytes from "./magisterium_a2a_bg.wasm";

initSync({ module: bytes });

export { A2AClient, MagisteriumClient, MagisteriumError } from "./classes.js";

/** Nothing to load in this build; kept so the same code runs on every build. */
export default async function init() {}
