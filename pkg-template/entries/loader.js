// What each entry of the web build does to load its own .wasm (`init`,
// `initSync`), and the guard of its classes: before `init()`, a
// MagisteriumError rather than a TypeError from inside the glue.
import { MagisteriumError } from "./classes.js";

/** `init`, `initSync`, `check` and `guarded` over the `load` and `loadSync` of one glue. */
export function loader(load, loadSync) {
  let loaded = false;
  const ready = (exports) => ((loaded = true), exports);
  const check = () => {
    if (!loaded) throw new MagisteriumError("NOT_INITIALIZED", "the web build needs `await init()` before its first client");
  };
  return {
    /** Fetches and instantiates the .wasm (by default the one next to the entry). */
    init: (input) => load(input).then(ready),
    /** Instantiates the module synchronously from its bytes or a `WebAssembly.Module`. */
    initSync: (input) => ready(loadSync(input)),
    check,
    /** `Class`, whose constructor checks first that the module is loaded. */
    guarded: (Class) => new Proxy(Class, { construct: (...args) => (check(), Reflect.construct(...args)) }),
  };
}
