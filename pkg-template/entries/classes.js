// What the entries of a bundled build share: `MagisteriumError` (one class
// for both entries, so an error from either is an instance of the class
// either exports: the bundler build's entries import its module, the web
// build's each bundle it and share it through the symbol it is registered
// under), `atCaller` (an error's stack starts at the caller's line), and the
// classes' names (each entry is minified; the classes keep their names).
import { MagisteriumError, atCaller } from "{{ERROR_MODULE}}";

/** Gives each class of `classes` its own name back. */
export function named(classes) {
  for (const [name, value] of Object.entries(classes)) Object.defineProperty(value, "name", { value: name });
}

named({ MagisteriumError });

export { MagisteriumError, atCaller };
