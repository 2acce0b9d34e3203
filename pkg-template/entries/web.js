// The web build: `await init()` once (it fetches the .wasm next to this file), then use the client.
import { A2AClient, MagisteriumClient } from "./magisterium_a2a.js";
import { MagisteriumError } from "{{ERROR_MODULE}}";

// This build is bundled and minified into one file; the classes keep their names.
for (const [name, value] of Object.entries({ A2AClient, MagisteriumClient, MagisteriumError })) {
  Object.defineProperty(value, "name", { value: name });
}

export { default, initSync } from "./magisterium_a2a.js";
export { A2AClient, MagisteriumClient, MagisteriumError };
