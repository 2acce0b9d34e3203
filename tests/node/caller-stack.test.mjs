// An error's stack starts at the caller's own line: each public method (and
// `new`, and a stream's `next()`) of MagisteriumClient, A2AClient and
// MagisteriumAuth takes the stack where it is called, so neither the package's frames (the glue, the wasm,
// the error module) nor, for a rejection, the microtask that settled it come
// first. Read as a person reads it: what Node prints for an uncaught error of
// a script of its own, in a folder of its own, that calls the installed package.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";
import { endpoint, rejectsWith, simulator, token } from "./harness.mjs";

const installed = fileURLToPath(new URL("../node_modules/magisterium-a2a", import.meta.url));

let folder;
before(async () => {
  folder = await mkdtemp(join(tmpdir(), "caller-stack-"));
  await mkdir(join(folder, "node_modules"));
  await symlink(installed, join(folder, "node_modules/magisterium-a2a"), "dir");
});
after(() => rm(folder, { recursive: true, force: true }));

/**
 * Runs `lines` as the script `name` of the folder, which must fail; what Node
 * printed on stderr, and the line (1-based) of the one that holds `marker`.
 */
async function run(name, lines, marker) {
  const file = join(folder, name);
  await writeFile(file, lines.join("\n") + "\n");
  const line = lines.findIndex((text) => text.includes(marker)) + 1;
  assert.ok(line > 0, `no line with ${marker}`);
  const stderr = await new Promise((resolve) => {
    execFile(process.execPath, [file], { cwd: folder, timeout: 60_000 }, (error, _stdout, stderr) => {
      assert.ok(error, `${name} did not fail:\n${stderr}`);
      resolve(stderr);
    });
  });
  return { file, line, stderr };
}

/** The first frame Node printed below `heading`. */
function firstFrame(stderr, heading) {
  const lines = stderr.split("\n");
  const at = lines.findIndex((line) => line.startsWith(heading));
  assert.ok(at >= 0, `no line "${heading}" in:\n${stderr}`);
  return lines.slice(at + 1).find((line) => line.trimStart().startsWith("at ")) ?? "";
}

test("a rejected call of an ES module: the first frame Node prints is the script's line of the call", async () => {
  const { file, line, stderr } = await run("get-task.mjs", [
    `import { MagisteriumClient } from "magisterium-a2a";`,
    `const client = new MagisteriumClient(${JSON.stringify({ token, endpoint })});`,
    `await client.getTask("nope"); // the call`,
  ], "the call");
  assert.match(stderr, /code: 'TASK_NOT_FOUND'/);
  const frame = firstFrame(stderr, "MagisteriumError: Task not found");
  assert.ok(frame.includes(`${pathToFileURL(file).href}:${line}:`), `the first frame is not the script's line ${line}: ${frame}\n${stderr}`);
});

test("CommonJS: a bad token's rejection, and `new` with a bad option, start at the script's line", async () => {
  const rejected = await run("bad-token.cjs", [
    `const { MagisteriumClient } = require("magisterium-a2a");`,
    `const client = new MagisteriumClient(${JSON.stringify({ token: "not-a-real-token", endpoint })});`,
    `client.searchDocuments("grace"); // the call`,
  ], "the call");
  assert.match(rejected.stderr, /code: 'UNAUTHORIZED'/);
  const frame = firstFrame(rejected.stderr, "MagisteriumError: Unauthorized");
  assert.ok(frame.includes(`${rejected.file}:${rejected.line}:`), `not the script's line ${rejected.line}: ${frame}\n${rejected.stderr}`);

  const thrown = await run("bad-option.cjs", [
    `const { MagisteriumClient } = require("magisterium-a2a");`,
    `new MagisteriumClient({ timeoutMs: -5 }); // the call`,
  ], "the call");
  assert.match(thrown.stderr, /code: 'INVALID_INPUT'/);
  const thrownFrame = firstFrame(thrown.stderr, "MagisteriumError: timeoutMs");
  assert.ok(thrownFrame.includes(`${thrown.file}:${thrown.line}:`), `not the script's line ${thrown.line}: ${thrownFrame}\n${thrown.stderr}`);
});

test("the sign-in's errors start at the script's line too", async () => {
  const { file, line, stderr } = await run("no-login.mjs", [
    `import { MagisteriumAuth } from "magisterium-a2a/auth";`,
    `await MagisteriumAuth.fromSavedLogin(${JSON.stringify({ file: join(folder, "no-login.json") })}); // the call`,
  ], "the call");
  assert.match(stderr, /code: 'SIGN_IN_REQUIRED'/);
  const frame = firstFrame(stderr, "MagisteriumError: no saved sign-in");
  assert.ok(frame.includes(`${pathToFileURL(file).href}:${line}:`), `not the script's line ${line}: ${frame}\n${stderr}`);
});

test("in-process: A2AClient's rejections, the static discover and a stream's next() start at this file's line; a cause is kept", { skip: !simulator && "needs the simulator's test agent" }, async () => {
  const startsHere = (error, marker) => {
    const frame = error.stack.split("\n")[1];
    assert.ok(frame.includes(`${import.meta.url}:${lineOf(marker)}:`), `not this file's line ${lineOf(marker)}: ${error.stack}`);
  };
  const agent = await A2AClient.discover(`${simulator}/agent`);
  startsHere(await rejectsWith(agent.getTask("nope"), { code: "TASK_NOT_FOUND" }), "// line A"); // line A
  startsHere(await rejectsWith(A2AClient.discover("http://127.0.0.1:9/"), { code: "NETWORK" }), "// line B"); // line B
  const streamed = await rejectsWith((async () => {
    for await (const event of agent.subscribeToTask("nope")) assert.fail(`an event: ${JSON.stringify(event)}`); // line S
  })(), { code: "TASK_NOT_FOUND" });
  startsHere(streamed, "// line S");
  const reason = new Error("the caller's own reason");
  const client = new MagisteriumClient({ token, endpoint });
  const aborted = await rejectsWith(client.searchDocuments("grace", { signal: AbortSignal.abort(reason) }), { code: "ABORTED" }); // line C
  startsHere(aborted, "// line C");
  assert.equal(aborted.cause, reason, "the cause is kept, its own stack untouched");
});

/** The line (1-based) of this file that ends with `marker`. */
function lineOf(marker) {
  return readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").findIndex((line) => line.endsWith(marker)) + 1;
}
