// The ES-module side of the consumer (with the copies of consumer.ts and
// agents.ts as `.mts`): `init` is the default export of every ES build, of
// each entry (each loads its own .wasm).
import init, * as magisterium from "magisterium-a2a";
import initAgents, * as agents from "magisterium-a2a/agents";

await init();
await init(new URL("./magisterium_a2a_bg.wasm", import.meta.url));
await init({ module_or_path: fetch("/assets/magisterium_a2a_bg.wasm") });
await initAgents({ module_or_path: fetch("/assets/magisterium_a2a_agents_bg.wasm") });
const sameInit: typeof init = magisterium.default;
const client = new magisterium.MagisteriumClient({ endpoint: "https://parish.example/a2a" });
const agent = new agents.A2AClient({ endpoint: "https://agent.example/a2a" });

// @ts-expect-error the ES builds export `init` as their default only
magisterium.init;
// @ts-expect-error `A2AClient` is the entry `magisterium-a2a/agents`
magisterium.A2AClient;
// @ts-expect-error `MagisteriumClient` is the entry `magisterium-a2a`
agents.MagisteriumClient;

export { agent, client, sameInit };
