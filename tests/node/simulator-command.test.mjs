// `npx magisterium-a2a simulator` from the installed packages: the runtime
// package's command running the installed magisterium-a2a-simulator (Node and
// its wasm alone): its first line, the client against it with the flags'
// token and limits, its controls, sign-in server and card, its usage errors,
// and a clean stop on SIGTERM and SIGINT. The simulator suite runs every HTTP
// test of the native simulator against the simulator package's own command
// as well (docs/testing.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import init, { MagisteriumClient, MagisteriumError } from "magisterium-a2a";

await init();

/** The package's command line, as its package.json `bin` names it. */
const packageJson = createRequire(import.meta.url).resolve("magisterium-a2a/package.json");
const bin = join(dirname(packageJson), JSON.parse(await readFile(packageJson, "utf8")).bin["magisterium-a2a"]);

/** Starts `magisterium-a2a simulator ARGS`: `{ child, url, done }`, `url` from its first line. */
async function startSimulator(args) {
  const child = spawn(process.execPath, [bin, "simulator", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const done = once(child, "exit").then(([status, signal]) => ({ status, signal, stderr }));
  const [line] = await once(createInterface({ input: child.stdout }), "line");
  const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)?.[1];
  assert.ok(url, `first line: ${line}`);
  return { child, url, done };
}

test("the client calls it with the flags' token and limits; controls, sign-in server and card answer", async (t) => {
  const sim = await startSimulator(["--listen", "127.0.0.1:0", "--token", "node-token", "--rate-expensive", "1/60s"]);
  t.after(() => sim.child.kill());
  const endpoint = `${sim.url}/api/v1/a2a`;
  const client = new MagisteriumClient({ token: "node-token", endpoint, maxRetries: 0 });
  const hits = await client.searchDocuments("baptism");
  assert.ok(hits.length > 0, "the sample corpus has documents on baptism");
  assert.ok((await client.ask("What is grace?")).text.length > 20);
  await assert.rejects(client.ask("What is grace?"), (e) => e instanceof MagisteriumError && e.code === "RATE_LIMITED");
  const stranger = new MagisteriumClient({ token: "demo-token", endpoint });
  await assert.rejects(stranger.searchDocuments("baptism"), (e) => e instanceof MagisteriumError && e.code === "UNAUTHORIZED");

  const reset = await fetch(`${sim.url}/_sim/reset`, { method: "POST", body: "{}" });
  assert.equal(reset.status, 200);
  assert.ok((await client.ask("What is grace?")).text.length > 20, "the reset emptied the rate window");
  const metadata = await (await fetch(`${sim.url}/.well-known/oauth-authorization-server`)).json();
  assert.equal(metadata.issuer, sim.url);
  const card = await fetch(`${sim.url}/.well-known/agent.json`);
  assert.equal(card.headers.get("access-control-allow-origin"), "*");
  assert.equal((await card.json()).url, endpoint);

  sim.child.kill("SIGTERM");
  assert.deepEqual(await sim.done, { status: 0, signal: null, stderr: "" });
});

test("Ctrl-C stops it at once, even right after its first line", async () => {
  const sim = await startSimulator(["--listen", "127.0.0.1:0"]);
  sim.child.kill("SIGINT");
  assert.deepEqual(await sim.done, { status: 0, signal: null, stderr: "" });
});

test("--help lists the native flags; a bad flag is a usage error", async () => {
  const help = spawn(process.execPath, [bin, "simulator", "--help"], { stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  help.stdout.on("data", (chunk) => (text += chunk));
  assert.equal((await once(help, "exit"))[0], 0);
  for (const flag of ["--listen", "--token", "--rate-default", "--rate-expensive", "--faults", "--frozen-at"]) {
    assert.ok(text.includes(flag), `${flag} in ${text}`);
  }
  const bad = spawn(process.execPath, [bin, "simulator", "--rate-default", "lots"], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  bad.stderr.on("data", (chunk) => (stderr += chunk));
  assert.equal((await once(bad, "exit"))[0], 2);
  assert.match(stderr, /--rate-default/);
});
