// Shared setup of the bundlers suite. `cargo xtask test` installs the packed
// tarball as tests/node_modules/magisterium-a2a, starts the simulator and a
// static server, and passes in the environment:
// - MAGISTERIUM_ENDPOINT: the simulator's A2A endpoint (another origin than every page);
// - BUNDLERS_URL: the static server: `/` is this folder, `/pkg/` the installed
//   package, `/out/` the folder BUNDLERS_OUT where the tests write their bundles.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { chromium } from "playwright-core";
import { ARGS, executablePath } from "../chromium.mjs";

/** The simulator's A2A endpoint. */
export const endpoint = process.env.MAGISTERIUM_ENDPOINT;
const site = process.env.BUNDLERS_URL;
const out = process.env.BUNDLERS_OUT;
if (!endpoint || !site || !out) {
  throw new Error("MAGISTERIUM_ENDPOINT, BUNDLERS_URL or BUNDLERS_OUT is not set: run this suite through `cargo xtask test`");
}

/** The absolute path of `path`, relative to this folder. */
export const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** The folder (under BUNDLERS_OUT) where the bundle of `app` goes. */
export const outDir = (app) => join(out, app);

/** The static server's URL of `path`. */
export const siteUrl = (path) => `${site}${path}`;

/**
 * The page that runs `/out/<app>/main.js`, the bundle the test built for `app`,
 * as an ES module or (`type` "text/javascript") as a classic script.
 */
export const bundlePage = (app, type = "module") => siteUrl(`/app.html?type=${type}&bundle=/out/${app}/main.js`);

/** Runs npm tool `name` of the root package.json (a CLI, as an app's developer runs it) in folder `app`. */
export async function tool(name, args, app) {
  await promisify(execFile)(here(`../../node_modules/.bin/${name}`), args, { cwd: here(app) });
}

/** Runs a Node consumer script against the simulator; what it printed, parsed as JSON. */
export async function runNode(script) {
  const { stdout } = await promisify(execFile)(process.execPath, [here(script)], { env: { ...process.env } });
  return JSON.parse(stdout);
}

/**
 * Opens `url` (with the simulator's endpoint added as `?endpoint=`) in a fresh
 * headless Chromium and waits for the app's `window.outcome`; always closes
 * the browser. Answers what the app resolved with and the `.wasm` files the
 * page requested. An error the page did not catch fails the test at once.
 */
export async function openApp(url) {
  const browser = await chromium.launch({ executablePath, headless: true, args: ARGS });
  try {
    const page = await browser.newPage();
    const wasmRequests = [];
    page.on("request", (request) => new URL(request.url()).pathname.endsWith(".wasm") && wasmRequests.push(request.url()));
    const uncaught = new Promise((_, reject) => page.on("pageerror", reject));
    const address = new URL(url);
    address.searchParams.set("endpoint", endpoint);
    await page.goto(address.href);
    const outcome = await (await Promise.race([page.waitForFunction(() => window.outcome), uncaught])).jsonValue();
    assert.equal(outcome.failed, undefined, "the app's calls ran");
    return { result: outcome.result, wasmRequests };
  } finally {
    await browser.close();
  }
}

/**
 * The outcome of `calls.mjs`'s `exercise`: the saint of 19 March, TASK_NOT_FOUND
 * as a MagisteriumError from both entries, each entry's error an instance of
 * the other's class (one class), and SIGN_IN_REQUIRED from the sign-in entry
 * as the same class, also through the client.
 */
export function assertCalls({ saints, unknownTask, agents, signIn }) {
  assert.match(saints, /Joseph/);
  const taskNotFound = { name: "MagisteriumError", code: "TASK_NOT_FOUND", rpcCode: -32001 };
  assertError(unknownTask, taskNotFound);
  assertError(agents.unknownTask, taskNotFound, "through magisterium-a2a/agents");
  assert.deepEqual(agents.acrossEntries, { agentsErrorIsEntryError: true, entryErrorIsAgentsError: true, oneClass: true });
  for (const [what, error] of Object.entries(signIn)) {
    assert.deepEqual([error.name, error.code], ["MagisteriumError", "SIGN_IN_REQUIRED"], what);
  }
}

/** An error as `calls.mjs`'s `describe` gives it has `expected`'s fields (its message aside); the message. */
export function assertError(described, expected, what) {
  const { message, ...fields } = described;
  assert.deepEqual(fields, expected, what);
  return message;
}
