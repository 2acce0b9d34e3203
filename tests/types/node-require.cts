// What only the Node build's CommonJS modules have: `init` by name, beside
// the default import, which is `init` too (the modules are marked
// `__esModule`), as README's quickstart writes it in a CommonJS project.
import init, { init as byName, MagisteriumClient } from "magisterium-a2a";
import initAgents, { init as agentsByName, A2AClient } from "magisterium-a2a/agents";

export const ready: Promise<unknown>[] = [init(), byName(), initAgents(), agentsByName()];
export const sameInit: typeof init = byName;
export const clients = [new MagisteriumClient(), new A2AClient({ endpoint: "https://agent.example/a2a" })];
