// The classes of the web and bundler builds. Each build is bundled and minified
// into one file; the classes keep their names.
import { A2AClient, MagisteriumClient } from "./magisterium_a2a.js";
import { MagisteriumError } from "{{ERROR_MODULE}}";

for (const [name, value] of Object.entries({ A2AClient, MagisteriumClient, MagisteriumError })) {
  Object.defineProperty(value, "name", { value: name });
}

export { A2AClient, MagisteriumClient, MagisteriumError };
