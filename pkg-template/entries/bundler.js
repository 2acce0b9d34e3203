// The bundler build of `magisterium-a2a`: the .wasm travels inside this module (base64, decoded
// once) and is compiled and instantiated synchronously on import, so a bundler needs no wasm
// support or configuration and the client works without `init()`.
import { initSync, MagisteriumClient } from "./magisterium_a2a.js";
import bytes from "./magisterium_a2a_bg.wasm";
import { MagisteriumError, atCaller, named } from "./classes.js";

initSync({ module: bytes });
named({ MagisteriumClient });

const Magisterium = atCaller(MagisteriumClient);

export { Magisterium as MagisteriumClient, MagisteriumError };

/** Nothing to load in this build; kept so the same code runs on every build. */
export default async function init() {}
