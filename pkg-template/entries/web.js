// The web build of `magisterium-a2a`: `await init()` once (it fetches the .wasm next to this file), then use the client.
import load, { initSync as loadSync, MagisteriumClient } from "./magisterium_a2a.js";
import { MagisteriumError, atCaller, named } from "./classes.js";
import { loader } from "./loader.js";

const { init, initSync, guarded } = loader(load, loadSync);
named({ MagisteriumClient });
const Magisterium = atCaller(guarded(MagisteriumClient));

export default init;
export { initSync, Magisterium as MagisteriumClient, MagisteriumError };
