// The first hour of an evaluator with Node alone (issues 27 and 36): in an
// empty folder, the runtime tarball installed as `npm install` would, where
// `npx magisterium-a2a simulator` says in one line which command runs the
// simulator; then the simulator's tarball, and only what the README and
// docs/agents.md print: `npx magisterium-a2a-simulator`, the README's
// quickstart twice in a row, the widget page through
// `npx magisterium-a2a proxy --upstream …`, and the streaming example. Nothing
// of the repository runs but the test itself and the browser it drives; the
// ports are picked here and put where the documents print theirs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { widgetShows, withBrowser } from "./harness.mjs";
import { serveStatic } from "./static-server.mjs";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);

/** The fenced blocks of `language` in the Markdown file `path` of the repository. */
async function blocks(path, language) {
  const text = await readFile(join(REPO, path), "utf8");
  return [...text.matchAll(new RegExp("^```" + language + "\\n([\\s\\S]*?)^```$", "gm"))].map((m) => m[1]);
}

/** The tarball of the package `name` that the package suite packed (into target/npm-packs/). */
async function tarball(name) {
  const packs = join(REPO, "target", "npm-packs");
  const file = (await readdir(packs)).find((n) => n.startsWith(`${name}-`) && /^\d/.test(n.slice(name.length + 1)) && n.endsWith(".tgz"));
  assert.ok(file, `target/npm-packs/${name}-*.tgz (the package suite packs it)`);
  return join(packs, file);
}

/** `npm install` of `tarballs` in `folder`, offline, as a user would from the registry. */
function install(folder, ...tarballs) {
  return run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--silent", ...tarballs], { cwd: folder });
}

/** Starts `npx …args` in `cwd` (its own process group, stopped after `t`), and answers its first line. */
async function npx(t, cwd, args, env = {}) {
  const child = spawn("npx", args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "inherit"] });
  t.after(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    process.kill(-child.pid, "SIGTERM");
    await exited;
  });
  const lines = createInterface({ input: child.stdout });
  const [first] = await Promise.race([once(lines, "line"), once(child, "exit").then(() => [`exited: ${args.join(" ")}`])]);
  lines.on("line", () => {}); // the rest of its log, read so it never blocks
  return first;
}

test("from an empty folder with Node alone: install, the simulator, the quickstart twice, the widget through the proxy, a stream", async (t) => {
  const folder = await mkdtemp(join(tmpdir(), "magisterium-first-hour-"));
  t.after(() => rm(folder, { recursive: true, force: true }));
  await writeFile(join(folder, "package.json"), "{ \"private\": true }\n");
  await install(folder, await tarball("magisterium-a2a"));

  // Without the simulator's package, the runtime package's command names it.
  const missing = await run("npx", ["magisterium-a2a", "simulator", "--listen", "127.0.0.1:0"], { cwd: folder }).then(
    () => assert.fail("`npx magisterium-a2a simulator` succeeded without the simulator's package"),
    (error) => error,
  );
  assert.equal(missing.code, 1);
  assert.equal(missing.stderr, "magisterium-a2a simulator: the simulator is the package magisterium-a2a-simulator: run `npx magisterium-a2a-simulator --listen 127.0.0.1:0`\n");

  await install(folder, await tarball("magisterium-a2a-simulator"));
  const start = (await blocks("README.md", "sh")).flatMap((block) => block.split("\n")).find((line) => line.startsWith("npx magisterium-a2a-simulator "));
  assert.ok(start, "README.md starts the simulator with `npx magisterium-a2a-simulator …`");
  const first = await npx(t, folder, start.replace("127.0.0.1:8787", "127.0.0.1:0").split(" ").slice(1));
  const simulator = first.match(/^listening on (http:\/\/127\.0\.0\.1:\d+)$/)?.[1];
  assert.ok(simulator, `the simulator's first line: ${first}`);
  const endpoint = `${simulator}/api/v1/a2a`;
  const env = { ...process.env, MAGISTERIUM_TOKEN: "demo-token", MAGISTERIUM_ENDPOINT: endpoint };

  const [quickstart] = await blocks("README.md", "js");
  await writeFile(join(folder, "quickstart.mjs"), quickstart);
  for (const turn of ["first", "second"]) {
    const { stdout } = await run("node", ["quickstart.mjs"], { cwd: folder, env });
    assert.ok(stdout.trim().length > 0, `the quickstart's ${turn} run printed its answers`);
  }

  const streaming = (await blocks("docs/agents.md", "js")).find((block) => block.includes("sendMessageStream"));
  assert.ok(streaming, "docs/agents.md has a streaming example");
  await writeFile(join(folder, "streaming.mjs"), streaming);
  await run("node", ["streaming.mjs"], { cwd: folder, env });

  const site = await serveStatic(`${folder}/`);
  t.after(() => site.close());
  const pagePort = site.address().port;
  const origin = `http://localhost:${pagePort}`;
  const proxyFirst = await npx(t, folder, ["magisterium-a2a", "proxy", "--listen", "127.0.0.1:0", "--allow-origin", origin, "--upstream", endpoint], { MAGISTERIUM_TOKEN: "demo-token" });
  const proxy = proxyFirst.match(/^listening on (http:\/\/127\.0\.0\.1:\d+)$/)?.[1];
  assert.ok(proxy, `the proxy's first line: ${proxyFirst}`);
  const widgetBlock = (await blocks("README.md", "html")).find((block) => block.includes("<magisterium-saints") && block.includes("http://127.0.0.1:8081"));
  assert.ok(widgetBlock, "README.md has the offline widget page, pointed at the proxy on 127.0.0.1:8081");
  await writeFile(join(folder, "index.html"), `<!doctype html>\n<meta charset="utf-8">\n${widgetBlock.replaceAll("http://127.0.0.1:8081", proxy)}`);
  await withBrowser(async (page) => {
    await page.goto(`${origin}/`);
    assert.ok((await widgetShows(page, "magisterium-saints", "content")).length > 0, "the saints of the day, through the proxy");
    assert.ok((await widgetShows(page, "magisterium-readings", "content")).length > 0, "next Sunday's readings, through the proxy");
  });
});
