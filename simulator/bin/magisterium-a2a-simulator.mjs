#!/usr/bin/env node
// `npx magisterium-a2a-simulator [flags]`: the simulator of `simulator.mjs`
// beside this file, with the flags of the native `magisterium-sim` (`--help`
// lists them).
import { run } from "./simulator.mjs";

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  console.error(`magisterium-a2a-simulator: ${error?.message ?? error}`);
  process.exitCode = 1;
}
