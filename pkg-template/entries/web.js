// The web build: `await init()` once (it fetches the .wasm next to this file), then use the client.
import load, { initSync as loadSync } from "./magisterium_a2a.js";
import { A2AClient, MagisteriumClient, MagisteriumError } from "./classes.js";

let loaded = false;

/** Notes that the module is loaded; passes on what the glue returned. */
function ready(exports) {
  loaded = true;
  return exports;
}

/** Before `init()`, a MagisteriumError rather than a TypeError from inside the glue. */
function check() {
  if (!loaded) throw new MagisteriumError("NOT_INITIALIZED", "the web build needs `await init()` before its first client");
}

/** `Class`, whose constructor checks first that the module is loaded. */
const guarded = (Class) => new Proxy(Class, { construct: (...args) => (check(), Reflect.construct(...args)) });

const { discover } = A2AClient;
A2AClient.discover = async (baseUrl, options) => (check(), discover(baseUrl, options));

/** Fetches and instantiates the .wasm (by default the one next to this file). */
export default function init(input) {
  return load(input).then(ready);
}

/** Instantiates the module synchronously from its bytes or a `WebAssembly.Module`. */
export function initSync(input) {
  return ready(loadSync(input));
}

const A2A = guarded(A2AClient);
const Magisterium = guarded(MagisteriumClient);
export { A2A as A2AClient, Magisterium as MagisteriumClient, MagisteriumError };
