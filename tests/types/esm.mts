// The ES-module side of the consumer (with the copy of consumer.ts as
// `consumer.mts`): `init` is the default export of every ES build.
import init, * as magisterium from "magisterium-a2a";

await init();
await init(new URL("./magisterium_a2a_bg.wasm", import.meta.url));
await init({ module_or_path: fetch("/assets/magisterium_a2a_bg.wasm") });
const sameInit: typeof init = magisterium.default;
const client = new magisterium.MagisteriumClient({ endpoint: "https://parish.example/a2a" });

// @ts-expect-error the ES builds export `init` as their default only
magisterium.init;

export { client, sameInit };
