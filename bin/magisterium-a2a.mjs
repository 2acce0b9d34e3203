#!/usr/bin/env node
// `npx magisterium-a2a <command> [options]`. Each command is a module beside
// this file exporting `summary` (one line) and `run(args)` (resolves with the
// exit status): adding a command is one line here.
const COMMANDS = {
  login: () => import("./login.mjs"),
  mcp: () => import("./mcp.mjs"),
  logout: () => import("./logout.mjs"),
  proxy: () => import("./proxy.mjs"),
  simulator: () => import("./simulator.mjs"),
};

const [name, ...args] = process.argv.slice(2);

async function usage() {
  const lines = ["Usage: npx magisterium-a2a <command> [options]", "", "Commands:"];
  for (const [command, load] of Object.entries(COMMANDS)) lines.push(`  ${command.padEnd(10)} ${(await load()).summary}`);
  lines.push("", "`npx magisterium-a2a <command> --help` describes a command's options.");
  return lines.join("\n");
}

if (!name || name === "--help" || name === "-h" || name === "help") {
  console.log(await usage());
} else if (!Object.hasOwn(COMMANDS, name)) {
  console.error(`magisterium-a2a: no command "${name}"\n\n${await usage()}`);
  process.exitCode = 2;
} else {
  try {
    process.exitCode = await (await COMMANDS[name]()).run(args);
  } catch (error) {
    // A MagisteriumError's message never carries a token; anything else is shown by its message only.
    console.error(`magisterium-a2a ${name}: ${error?.message ?? error}`);
    process.exitCode = 1;
  }
}
