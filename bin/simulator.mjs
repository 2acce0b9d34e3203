// `magisterium-a2a simulator`: the simulator is a package of its own,
// `magisterium-a2a-simulator` (a developer's tool that no app ships). This
// command runs it when it is installed (in the current folder's project, or
// beside this package), else says in one line which command runs it.
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The command's line in `magisterium-a2a --help`. */
export const summary = "run the local simulator of the A2A endpoint (the package magisterium-a2a-simulator): no account needed";

/** The simulator's package, and the module of it that runs the command. */
const PACKAGE = "magisterium-a2a-simulator";
const COMMAND = `${PACKAGE}/command`;

/** The flags shown when none were given: the README's. */
const DEFAULT_FLAGS = ["--listen", "127.0.0.1:8787"];

/** Runs the simulator's package with `args`; resolves with the exit code. */
export async function run(args) {
  const command = locate();
  if (command === null) {
    const flags = (args.length ? args : DEFAULT_FLAGS).map(shellWord).join(" ");
    console.error(`magisterium-a2a simulator: the simulator is the package ${PACKAGE}: run \`npx ${PACKAGE} ${flags}\``);
    return 1;
  }
  return (await import(pathToFileURL(command).href)).run(args);
}

/** The path of the simulator's command module: from the current folder's project first, then from this package's. */
function locate() {
  for (const from of [join(process.cwd(), "package.json"), import.meta.url]) {
    try {
      return createRequire(from).resolve(COMMAND);
    } catch {
      // Not installed there.
    }
  }
  return null;
}

/** `word` as a shell would need it typed: as it is when plain, else in single quotes. */
function shellWord(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
