// The deploy recipes of docs/proxy/, each run as its runtime runs it, against
// the simulator: the Worker with its wrangler.toml in workerd (miniflare), the
// Deno file under `deno serve` and the Bun file under `bun run` (the npm
// packages' binaries), and the systemd unit's ExecStart on Node. Each serves
// the parish's origin and refuses another.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { configHome, holdRefreshes, logInAt, startSimulator } from "../sign-in-server.mjs";
import { answerText, ask, countingUpstream, endpoint, freshToken, post, widgetBody } from "./harness.mjs";
import { CLI, COMPATIBILITY_DATE, PACKAGE, bundleWorker, runInWorkerd } from "./runtimes.mjs";

const recipes = join(dirname(fileURLToPath(import.meta.url)), "../../docs/proxy");

/** The site the recipes name. */
const RECIPE_ORIGIN = "https://parish.example";

/**
 * A day a week from now (UTC), as `YYYY-MM-DD` and as the readings write it
 * ("December 8, 2026"): inside the window of days the recipes serve, on this
 * machine's clock, whatever their time zone.
 */
function nextWeek() {
  const date = new Date(Date.now() + 7 * 86_400_000);
  const long = date.toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
  return { day: date.toISOString().slice(0, 10), long };
}

/** Asserts that the proxy at `url` answers the recipe's origin and refuses another. */
async function servesTheParish(url) {
  const { day, long } = nextWeek();
  const text = answerText(await ask(url, "liturgical_readings", day));
  assert.ok(text.startsWith("Mass readings for ") && text.split("\n")[0].endsWith(long), text);
  const other = await post(url, widgetBody("liturgical_readings", day), "https://elsewhere.example");
  assert.equal(other.status, 403);
  await other.arrayBuffer();
}

/** `servesTheParish` on a started recipe `server`; then SIGTERM stops it, and its output never held `token`. */
async function servesTheParishUntilStopped(server, token) {
  try {
    await servesTheParish(await server.url);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  assert.ok(!server.output().includes(token));
}

/**
 * Runs `body(folder)` in a new folder where `npm install magisterium-a2a` ran
 * (the installed package under node_modules) holding copies of the recipe
 * files `names`; removes it after.
 */
async function inRecipeFolder(names, body) {
  const folder = await mkdtemp(join(tmpdir(), "magisterium-recipe-"));
  try {
    await mkdir(join(folder, "node_modules"));
    await symlink(PACKAGE, join(folder, "node_modules/magisterium-a2a"), "dir");
    await writeFile(join(folder, "package.json"), JSON.stringify({ type: "module", dependencies: { "magisterium-a2a": "*" } }));
    for (const name of names) await writeFile(join(folder, name), await readFile(join(recipes, name)));
    return await body(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The npm `bun` package's binary: where its install script puts it, or, when
 * npm ran no install scripts, still in the platform package.
 */
function bunBinary() {
  const require = createRequire(import.meta.url);
  const installed = join(dirname(require.resolve("bun/package.json")), "bin/bun.exe");
  if (statSync(installed).size > 1_000_000) return installed;
  return join(dirname(require.resolve(`@oven/bun-${process.platform}-${process.arch}/package.json`)), "bin/bun");
}

/**
 * The settings of a TOML file whose values are strings or lists of strings,
 * as `{ section: { key: value } }` (top level: `""`; an `[[array]]` table: a
 * list of them); enough for wrangler.toml.
 */
function tomlStrings(text) {
  const sections = { "": {} };
  let current = sections[""];
  for (const line of text.split("\n").map((l) => l.trim())) {
    const section = /^\[([\w.]+)\]$/.exec(line);
    const array = /^\[\[([\w.]+)\]\]$/.exec(line);
    const pair = /^(\w+)\s*=\s*("[^"]*"|\[[^\]]*\])$/.exec(line);
    if (section) current = sections[section[1]] = {};
    else if (array) (sections[array[1]] ??= []).push((current = {}));
    else if (pair) current[pair[1]] = JSON.parse(pair[2]);
  }
  return sections;
}

/** wrangler.toml's settings and its `main` bundled as wrangler bundles it (in a folder where the package is installed). */
async function recipeWorker() {
  const config = tomlStrings(await readFile(join(recipes, "wrangler.toml"), "utf8"));
  const { main, compatibility_date: compatibilityDate } = config[""];
  assert.equal(compatibilityDate, COMPATIBILITY_DATE);
  const script = await inRecipeFolder(["wrangler.toml", main], (folder) => bundleWorker(join(folder, main)));
  return { config, script };
}

/**
 * wrangler.toml's Durable Object bindings as miniflare's `durableObjects`
 * (SQLite-backed where a migration says so), their classes run by the worker
 * named `scriptName` (default: the worker bound).
 */
function durableObjects(config, scriptName) {
  const sqlite = config.migrations.flatMap((migration) => migration.new_sqlite_classes ?? []);
  const bound = config["durable_objects.bindings"].map(({ name, class_name: className }) => [name, { className, scriptName, useSQLite: sqlite.includes(className) }]);
  return Object.fromEntries(bound);
}

/** Spawns `command` with `args`, waits for a line matching `listening` on stdout or stderr; the child and the URL. */
function startServer(command, args, options, listening) {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const url = new Promise((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        output += `${line}\n`;
        const found = listening.exec(line);
        if (found) resolve(found[1]);
      });
    }
    exited.then((code) => reject(new Error(`${command} exited (${code}): ${output}`)));
  });
  return { child, url, exited, output: () => output };
}

test("the Cloudflare Worker with its wrangler.toml serves the parish in workerd", async () => {
  const { config, script } = await recipeWorker();
  assert.equal(config.vars.ALLOW_ORIGINS, RECIPE_ORIGIN);
  const token = await freshToken();
  const bindings = { ...config.vars, MAGISTERIUM_TOKEN: token, MAGISTERIUM_ENDPOINT: endpoint };
  const lines = [];
  const { miniflare, url } = await runInWorkerd(script, bindings, lines, { durableObjects: durableObjects(config) });
  try {
    await servesTheParish(url);
    while (lines.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    const { day } = nextWeek();
    assert.ok(lines[0].includes(`origin=https://parish.example skill=liturgical_readings day=${day} cache=miss upstream=200 status=200`), lines[0]);
    // Every request comes from 127.0.0.1 here (miniflare sets CF-Connecting-IP as Cloudflare does): a bucket
    // of 20 misses, one spent on the readings, refilled by one every 3 s (40 at once take less than that).
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const answer = await post(url, widgetBody("saints_of_the_day", new Date(Date.now() + (8 + i) * 86_400_000).toISOString().slice(0, 10)));
        await answer.arrayBuffer();
        return answer.status;
      }),
    );
    const served = statuses.filter((status) => status === 200).length;
    assert.ok(served >= 19 && served <= 20, `19 misses left in the bucket: ${served} served`);
    assert.equal(statuses.filter((status) => status === 429).length, 40 - served);
    const again = await post(url, widgetBody("liturgical_readings", day));
    assert.equal(again.status, 200, "a cached day is still served to that client");
    await again.arrayBuffer();
    // The Cron Trigger wrangler.toml names: today's answers, fetched as the parish's page would ask for them.
    assert.deepEqual(config.triggers.crons, ["5 6 * * *"]);
    const before = lines.length;
    await (await miniflare.getWorker()).scheduled({ cron: config.triggers.crons[0] });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: config.vars.TIME_ZONE }).format(new Date()); // YYYY-MM-DD
    const fetched = lines.slice(before).map((line) => /skill=(\S+) day=(\S+) cache=(\S+)/.exec(line)?.slice(1).join(" "));
    assert.deepEqual(fetched, [`saints_of_the_day ${today} miss`, `liturgical_readings ${today} miss`], "the scheduled event fetched today's answers");
    const visitor = await post(url, widgetBody("saints_of_the_day", "today"));
    await visitor.arrayBuffer();
    assert.match(lines.at(-1), /cache=hit/, "a visitor then finds them kept");
    assert.ok(!lines.join("\n").includes(token));
  } finally {
    await miniflare.dispose();
  }
});

/**
 * The Workers recipe as a deployment of two isolates: two workers of one
 * script, each with its own memory and its own loopback port (a direct
 * socket: every request names its client, as Cloudflare's CF-Connecting-IP
 * does), the second binding the first's Durable Objects, kept in `persist`
 * over restarts. `start()` a miniflare of them; `send(url, skill, days,
 * client)` a widget request for the day `days` from now (UTC) to the isolate
 * at `url`, its status; `lines` the log.
 */
function twoIsolates({ config, script }, bindings, persist) {
  const lines = [];
  const isolates = ["isolate-a", "isolate-b"];
  const socket = { host: "127.0.0.1", port: 0 };
  const start = () =>
    new Miniflare({
      host: "127.0.0.1",
      port: 0,
      durableObjectsPersist: persist,
      handleStructuredLogs: ({ message }) => void lines.push(message),
      workers: isolates.map((name) => ({ name, modules: true, script, compatibilityDate: COMPATIBILITY_DATE, bindings, durableObjects: durableObjects(config, isolates[0]), unsafeDirectSockets: [socket] })),
    });
  const send = async (url, skill, days, client) => {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const headers = { Origin: RECIPE_ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": client };
    const response = await fetch(url, { method: "POST", headers, body: widgetBody(skill, date) });
    await response.arrayBuffer();
    return response.status;
  };
  return { isolates, lines, start, send };
}

test("the Worker's isolates share one budget of upstream calls through its Durable Object, kept over a restart", async () => {
  const recipe = await recipeWorker();
  const upstream = await countingUpstream();
  const persist = await mkdtemp(join(tmpdir(), "magisterium-budget-"));
  const { isolates, lines, start, send } = twoIsolates(recipe, { ...recipe.config.vars, MAGISTERIUM_TOKEN: await freshToken(), MAGISTERIUM_ENDPOINT: upstream.endpoint }, persist);
  let miniflare = start();
  try {
    const urls = await Promise.all(isolates.map((name) => miniflare.unsafeGetDirectURL(name)));
    // 400 distinct days and skills, each from its own client (no bucket limits), half to each isolate, 50 at a time.
    const requests = Array.from({ length: 400 }, (_, i) => [urls[i % 2], i % 4 < 2 ? "saints_of_the_day" : "liturgical_readings", 1 + Math.floor(i / 2), `198.51.${i >> 8}.${i & 255}`]);
    const statuses = [];
    for (let i = 0; i < requests.length; i += 50) statuses.push(...(await Promise.all(requests.slice(i, i + 50).map((request) => send(...request)))));
    assert.equal(upstream.sent.length, 80, "the day's budget of 100 upstream calls less its reserve (20), for both isolates together");
    assert.equal(statuses.filter((status) => status === 200).length, 80);
    assert.equal(statuses.filter((status) => status === 429).length, 320);
    const served = isolates.map((_, n) => statuses.filter((status, i) => status === 200 && i % 2 === n).length);
    assert.ok(served.every((count) => count > 0), `each isolate made some of the calls: ${served}`);
    assert.equal(lines.filter((line) => line.includes(" cache=budget upstream=- status=429 ")).length, 320);
    assert.equal(await send(urls[1], "liturgical_readings", 0, "198.51.200.1"), 200, "the parish's today: from the reserve");
    assert.equal(upstream.sent.length, 81);
    await miniflare.dispose();
    // A new deployment's isolates and a restarted Durable Object: the count is kept in its storage.
    miniflare = start();
    assert.equal(await send(await miniflare.unsafeGetDirectURL(isolates[1]), "saints_of_the_day", 300, "198.51.100.1"), 429);
    assert.equal(upstream.sent.length, 81);
  } finally {
    await miniflare.dispose();
    await upstream.stop();
    await rm(persist, { recursive: true, force: true });
  }
});

test("the Worker with a saved sign-in keeps it in its Durable Object and renews it there: once for both isolates, kept over a restart", async () => {
  const recipe = await recipeWorker();
  const sim = await startSimulator(["--access-token-ttl-secs", "600"]);
  // The sign-in suites' proxy in front of the simulator counts the refreshes at its token endpoint (it is the issuer).
  const issuer = await holdRefreshes(sim, 0);
  const { home, file } = await configHome();
  const persist = await mkdtemp(join(tmpdir(), "magisterium-grant-"));
  let miniflare;
  try {
    await logInAt(issuer.url, home);
    const signIn = await readFile(file, "utf8");
    const bindings = { ...recipe.config.vars, MAGISTERIUM_SIGN_IN: signIn, MAGISTERIUM_ENDPOINT: `${issuer.url}/api/v1/a2a` };
    const { isolates, lines, start, send } = twoIsolates(recipe, bindings, persist);
    miniflare = start();
    let urls = await Promise.all(isolates.map((name) => miniflare.unsafeGetDirectURL(name)));
    assert.equal(await send(urls[0], "saints_of_the_day", 1, "198.51.100.1"), 200, "the seeded sign-in's access token");
    assert.equal(issuer.refreshes(), 0);
    await sim.control("clock", { advanceSecs: 700 }); // past the access token's expiry
    assert.equal(await send(urls[1], "saints_of_the_day", 2, "198.51.100.2"), 200, "the other isolate: a 401, renewed in the object, retried");
    assert.equal(await send(urls[0], "saints_of_the_day", 3, "198.51.100.3"), 200, "the first isolate: the renewed token");
    assert.equal(issuer.refreshes(), 1, "one renewal for both isolates");
    await miniflare.dispose();
    // A new deployment with the same secret: the object keeps the rotated grant (the secret's refresh token is used up).
    miniflare = start();
    urls = await Promise.all(isolates.map((name) => miniflare.unsafeGetDirectURL(name)));
    await sim.control("clock", { advanceSecs: 700 });
    assert.equal(await send(urls[1], "saints_of_the_day", 4, "198.51.100.4"), 200, "renewed again from the kept grant");
    assert.equal(issuer.refreshes(), 2);
    assert.ok(!lines.join("\n").includes(JSON.parse(signIn)[`magisterium-auth:tokens:${issuer.url}/`].accessToken), "no token in the log");
  } finally {
    await miniflare?.dispose();
    await issuer.stop();
    await sim.stop();
    await rm(persist, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  }
});

test("the Deno recipe runs under deno serve with the permissions it documents", async () => {
  const documented = /deno serve (.*) --port 8080 deno\.js/.exec(await readFile(join(recipes, "deno.js"), "utf8"));
  assert.ok(documented, "the recipe names its deno serve command");
  // The npm package's own lookup of its platform binary (what its `deno` command runs).
  const deno = createRequire(import.meta.url)("deno/install_api.cjs").runInstall();
  const token = await freshToken();
  await inRecipeFolder(["deno.js"], async (folder) => {
    const env = { PATH: process.env.PATH, HOME: folder, DENO_NO_UPDATE_CHECK: "1", MAGISTERIUM_TOKEN: token, ALLOW_ORIGINS: RECIPE_ORIGIN, TIME_ZONE: "America/Chicago", MAGISTERIUM_ENDPOINT: endpoint };
    const args = ["serve", ...documented[1].split(" "), "--host", "127.0.0.1", "--port", "0", "deno.js"];
    const server = startServer(deno, args, { cwd: folder, env }, /Listening on (http:\/\/127\.0\.0\.1:\d+)/);
    await servesTheParishUntilStopped(server, token);
  });
});

test("the Bun recipe runs under bun run", async () => {
  const bun = bunBinary();
  const token = await freshToken();
  await inRecipeFolder(["bun.js"], async (folder) => {
    const env = { PATH: process.env.PATH, HOME: folder, MAGISTERIUM_TOKEN: token, ALLOW_ORIGINS: RECIPE_ORIGIN, TIME_ZONE: "America/Chicago", MAGISTERIUM_ENDPOINT: endpoint, PORT: "0" };
    const server = startServer(bun, ["run", "bun.js"], { cwd: folder, env }, /^listening on (http:\/\/127\.0\.0\.1:\d+)$/);
    await servesTheParishUntilStopped(server, token);
  });
});

test("the systemd unit's ExecStart serves the parish on Node, and stops on SIGTERM", async () => {
  const unit = await readFile(join(recipes, "magisterium-proxy.service"), "utf8");
  assert.match(unit, /^EnvironmentFile=\/etc\/magisterium-proxy\.env$/m, "the token comes from a root-only file");
  const execStart = /^ExecStart=(.*)$/m.exec(unit)[1].split(" ");
  const installed = "/opt/magisterium-proxy/node_modules/magisterium-a2a/bin/magisterium-a2a.mjs";
  assert.deepEqual(execStart.slice(0, 2), ["/usr/bin/node", installed]);
  // Here: this Node, the installed package, a free port, the simulator upstream.
  const args = [CLI, ...execStart.slice(2).map((arg) => arg.replace(/^127\.0\.0\.1:8080$/, "127.0.0.1:0")), "--upstream", endpoint];
  const token = await freshToken();
  const server = startServer(process.execPath, args, { env: { PATH: process.env.PATH, MAGISTERIUM_TOKEN: token } }, /^listening on (http:\/\/127\.0\.0\.1:\d+)$/);
  try {
    await servesTheParish(await server.url);
  } finally {
    server.child.kill("SIGTERM");
  }
  assert.equal(await server.exited, 0, "systemctl stop (SIGTERM) ends it cleanly");
  assert.ok(!server.output().includes(token));
});
