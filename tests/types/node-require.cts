// What only the Node build's CommonJS module has: `init` by name. Its
// default import is the whole module (the module sets no `__esModule`).
import whole, { init } from "magisterium-a2a";

export const ready: Promise<unknown> = init();
export const sameInit: typeof init = whole.init;

// @ts-expect-error the default import of the CommonJS build is the module, not `init`
whole();
