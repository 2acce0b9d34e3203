// The proxy under test on each runtime: the CLI of the installed package on
// Node (a child process), and createProxy in workerd through miniflare (the
// Workers runtime), both on a free 127.0.0.1 port, both with a clock the test
// sets. Each is a RunningProxy: { url, pid, setClock(ms), lines(), output(), stop() }
// (`pid`: the process that serves, the CLI or workerd).
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { INSTANT, PARISH, endpoint } from "./harness.mjs";
import { startWordPressProxy as startWordPress } from "./wordpress.mjs";

/** The installed package's folder (what an npm user gets). */
export const PACKAGE = dirname(createRequire(import.meta.url).resolve("magisterium-a2a/package.json"));
/** Its command. */
export const CLI = join(PACKAGE, "bin/magisterium-a2a.mjs");
/** The Workers compatibility date the tests and the recipe run with. */
export const COMPATIBILITY_DATE = "2026-07-30";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Starts the CLI: `magisterium-a2a proxy` with `args` and `env`, its clock
 * at `now` (fixed-clock.mjs). Resolves once its first line said where it
 * listens; rejects with what it printed if it exits first.
 */
export function startCliWith(args, env, now = INSTANT) {
  const child = spawn(process.execPath, ["--import", join(here, "fixed-clock.mjs"), CLI, "proxy", ...args], {
    env: { PATH: process.env.PATH, ...env, PROXY_TEST_NOW: String(now) },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const lines = [];
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const listening = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      lines.push(line);
      if (lines.length === 1) resolve(line);
    });
    exited.then((code) => reject(new Error(`the CLI exited (${code}) before listening: ${stderr}`)));
  });
  return listening.then((first) => ({
    first,
    pid: child.pid,
    url: first.replace(/^listening on /, ""),
    setClock: (ms) =>
      new Promise((resolve) => {
        child.once("message", resolve);
        child.send({ now: ms });
      }),
    lines: () => lines.slice(1),
    output: () => `${lines.join("\n")}\n${stderr}`,
    exited,
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  }));
}

/** The CLI's flag for each count option of createProxy (the tests' `limits`). */
const COUNT_FLAGS = {
  upstreamBudget: "--upstream-budget",
  daysBack: "--days-back",
  daysAhead: "--days-ahead",
  clientMisses: "--client-misses",
  clientDailyMisses: "--client-daily-misses",
  reserve: "--reserve",
  wordsPerDay: "--words-per-day",
};

/** The proxy's options as CLI arguments and environment (`clientHeader`: the header naming the client). */
function cliArguments({ token, origins = [PARISH], timeZone = "UTC", skills, upstream = endpoint, limits = {}, clientHeader }) {
  const args = ["--listen", "127.0.0.1:0", ...origins.flatMap((origin) => ["--allow-origin", origin])];
  args.push("--time-zone", timeZone, "--upstream", upstream);
  if (skills) args.push("--skills", skills.join(","));
  for (const [option, value] of Object.entries(limits)) args.push(COUNT_FLAGS[option], String(value));
  if (clientHeader) args.push("--client-key-header", clientHeader);
  return { args, env: { MAGISTERIUM_TOKEN: token } };
}

/** The proxy CLI on Node. */
function startCli(options) {
  const { args, env } = cliArguments(options);
  return startCliWith(args, env, options.now);
}

let bundled;

/** worker.mjs and the package's proxy entry as one module, as wrangler bundles a worker (with esbuild). */
export async function bundleWorker(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    external: ["cloudflare:workers"],
    write: false,
    logLevel: "warning",
  });
  return result.outputFiles[0].text;
}

/**
 * Runs `script` (an ES module) in workerd on a free loopback port; its
 * console.log lines go to `lines`. `more`: more of miniflare's options for
 * the worker (its Durable Objects).
 */
export async function runInWorkerd(script, bindings, lines, more = {}) {
  const miniflare = new Miniflare({
    modules: true,
    script,
    compatibilityDate: COMPATIBILITY_DATE,
    host: "127.0.0.1",
    port: 0,
    bindings,
    handleStructuredLogs: ({ message }) => {
      lines.push(message);
    },
    ...more,
  });
  const url = (await miniflare.ready).href.replace(/\/$/, "");
  return { miniflare, url };
}

/** createProxy in workerd (worker.mjs makes `clientKey` of `clientHeader`). */
async function startWorker({ token, origins = [PARISH], timeZone = "UTC", skills, upstream = endpoint, now = INSTANT, limits = {}, clientHeader }) {
  bundled ??= bundleWorker(join(here, "worker.mjs"));
  const lines = [];
  const config = { token, allowOrigins: origins, timeZone, upstream, ...(skills ? { skills } : {}), ...limits };
  const bindings = { CONFIG: JSON.stringify(config), NOW: String(now), CLIENT_HEADER: clientHeader ?? "" };
  const { miniflare, url } = await runInWorkerd(await bundled, bindings, lines);
  return {
    url,
    pid: childProcessNamed("workerd"),
    setClock: async (ms) => {
      const response = await fetch(`${url}/__clock`, { method: "POST", body: String(ms) });
      await response.text();
    },
    lines: () => [...lines],
    output: () => lines.join("\n"),
    stop: () => miniflare.dispose(),
  };
}

/** Every process as /proc tells (Linux): `{ pid, comm, ppid, cpuMs }`; one that ends while read is left out. */
function processes() {
  const all = [];
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // it ended
    }
    // pid (comm) state ppid … utime (14th) stime (15th), in clock ticks of 1/100 s on Linux.
    const [, comm, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat);
    const fields = rest.split(" ");
    all.push({ pid: Number(pid), comm, ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 });
  }
  return all;
}

/** The pid of this process's child named `name`. */
function childProcessNamed(name) {
  const child = processes().find((p) => p.comm === name && p.ppid === process.pid);
  if (!child) throw new Error(`no child process named ${name}`);
  return child.pid;
}

/**
 * The CPU time (user and system, all threads) process `pid` and every process
 * under it have used, in ms (10 ms steps): a server that hands requests to
 * workers (`php -S` with workers) is counted whole.
 */
export function cpuMs(pid) {
  const all = processes();
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) if (tree.has(p.ppid) && !tree.has(p.pid)) grew = tree.add(p.pid) !== undefined;
  }
  return all.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.cpuMs, 0);
}

/** Each runtime the behaviour suite runs on: its name and how to start a proxy with options. */
export const RUNTIMES = [
  ["Node (the CLI)", startCli],
  ["workerd (miniflare)", startWorker],
  ["WordPress (the plugin's route)", startWordPress],
].filter(([name]) => !process.env.PROXY_RUNTIME || name.startsWith(process.env.PROXY_RUNTIME));

/** Starts a proxy with `start(options)`, runs `body(proxy)`, and always stops it. */
export async function withProxy(start, options, body) {
  const proxy = await start(options);
  try {
    return await body(proxy);
  } finally {
    await proxy.stop();
  }
}
