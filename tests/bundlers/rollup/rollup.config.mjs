// Rollup's usual setup for npm packages: node-resolve finds them in node_modules
// (with the exports map's browser-side conditions). Nothing for WebAssembly.
import { nodeResolve } from "@rollup/plugin-node-resolve";

export default { input: "main.js", output: { format: "es" }, plugins: [nodeResolve({ browser: true })] };
