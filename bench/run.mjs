// The bench driver (`cargo xtask bench` starts it): headless Chromium through
// playwright-core, against the static server and the simulator that xtask
// started. Checks that both sides decode to the same objects, measures
// decode, per call and start, prints the table and writes it as Markdown to
// `target/bench/results.md`. Timings are reported, never asserted.

import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { chromium } from "playwright-core";
import { alternate } from "./alternate.mjs";
import { report } from "./report.mjs";
import { summary } from "./stats.mjs";

const env = (name) => process.env[name] ?? fail(`${name} is not set: run the bench through \`cargo xtask bench\``);
const SERVER = env("BENCH_URL");
const ENDPOINT = env("MAGISTERIUM_ENDPOINT");
const SIZES = JSON.parse(env("BENCH_SIZES"));
const OUT = env("BENCH_OUT");

/** Chromium flags for this machine's closed network and a root user. */
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * How much of each measurement: together about a minute and a half on a
 * 2-core machine. Per call gets the most rounds: a client's own work is ~1 %
 * of a live call, so its ratio needs many paired rounds to stand out of the
 * network's jitter (60 rounds left ±0.05 between runs).
 */
const DECODE = { warmupMs: 300, batchMs: 25, rounds: 60 };
const CALLS = { warmup: 20, count: 10, rounds: 200 };
const STUBBED_CALLS = { delayMs: 5, warmup: 20, count: 10, rounds: 100 };
const START_PAIRS = 30;

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}

/** The first mismatch (or rejection) of the check, described, or `null` when both sides agree everywhere. */
function mismatch(checks) {
  const bad = checks.find((c) => c.ours !== c.js || c.ours.startsWith("rejected:"));
  if (!bad) return null;
  let at = 0;
  while (bad.ours[at] === bad.js[at]) at++;
  const around = (text) => text.slice(Math.max(0, at - 80), at + 80);
  return `${bad.name}: the results differ at character ${at}\n  ours: …${around(bad.ours)}…\n  js:   …${around(bad.js)}…`;
}

/** One start sample of `side` (`ours`, `agents`, or `js`: the `@a2a-js/sdk` anchor) in a fresh context (empty cache, new renderer): `{ total, imported }` in ms. */
async function startSample(browser, side) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${SERVER}/bench/start.html`);
    await page.waitForFunction(() => typeof window.startSample === "function");
    return await page.evaluate(([s, endpoint]) => window.startSample(s, endpoint), [side, ENDPOINT]);
  } finally {
    await context.close();
  }
}

/**
 * Start of the entry `entry` (`ours` or `agents`, see start.mjs) against the
 * anchor, `pairs` samples per side in alternation, in ns like the other rows;
 * `imported`: the `import()` alone.
 */
async function start(browser, pairs, entry) {
  const imported = { ours: [], js: [] };
  const sampler = (side, as) => async () => {
    const sample = await startSample(browser, as);
    imported[side].push(sample.imported * 1e6);
    return sample.total * 1e6;
  };
  const measured = await alternate({ ours: sampler("ours", entry), js: sampler("js", "js") }, pairs);
  return { ...measured, count: 1, imported: { ours: summary(imported.ours), js: summary(imported.js) } };
}

const browser = await chromium.launch({ executablePath: env("CHROMIUM"), headless: true, args: ARGS });
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("pageerror", (error) => fail(`uncaught error in the bench page: ${error.message}`));
  page.on("console", (message) => message.type() === "error" && console.error(`bench page: ${message.text()}`));
  await page.goto(`${SERVER}/bench/page.html`);
  await page.waitForSelector("body[data-ready='true']", { state: "attached" });
  const different = mismatch(await page.evaluate((endpoint) => window.bench.check(endpoint), ENDPOINT));
  if (different) fail(`our client and the baseline do not produce the same results, so the timings would compare different work.\n${different}`);
  console.log("bench: both sides produce the same results; measuring decode");
  const decode = await page.evaluate((options) => window.bench.decode(options), DECODE);
  console.log("bench: measuring per call against the simulator");
  const calls = await page.evaluate(([endpoint, options]) => window.bench.calls(endpoint, options), [ENDPOINT, CALLS]);
  console.log("bench: measuring per call with a stubbed network");
  const stubbed = await page.evaluate((options) => window.bench.stubbedCalls(options), STUBBED_CALLS);
  await context.close();
  console.log("bench: measuring start (a fresh context per sample)");
  const starts = { magisterium: await start(browser, START_PAIRS, "ours"), agents: await start(browser, START_PAIRS, "agents") };
  const markdown = report({ chromium: browser.version(), decode, calls, stubbed, start: starts, sizes: SIZES, date: new Date() });
  await mkdir(dirname(OUT), { recursive: true });
  await writeFile(OUT, markdown);
  console.log(`\n${markdown}`);
} finally {
  await browser.close();
}
