#!/usr/bin/env node
// The `magisterium-a2a` command: `magisterium-a2a <command> [options]`. Each
// command is a module of its own, loaded only when named, exporting
// `run(args)`, which resolves with the exit code.

/** The commands: name → [what it does, its module]. */
const COMMANDS = {
  proxy: ["run the parish proxy on Node (the widget's endpoint)", () => import("./proxy.mjs")],
};

const [name, ...args] = process.argv.slice(2);
if (Object.hasOwn(COMMANDS, name)) {
  const { run } = await COMMANDS[name][1]();
  process.exitCode = await run(args);
} else {
  const help = name === "--help" || name === "-h" || name === "help";
  const lines = Object.entries(COMMANDS).map(([command, [what]]) => `  ${command.padEnd(8)} ${what}`);
  const usage = ["usage: magisterium-a2a <command> [options]   (<command> --help for its options)", "", ...lines].join("\n");
  (help ? console.log : console.error)(name && !help ? `unknown command ${JSON.stringify(name)}\n\n${usage}` : usage);
  process.exitCode = help ? 0 : 2;
}
