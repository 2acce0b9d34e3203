// Shared setup of the page suite's A2AClient tests: the fixture agents
// (`tests/a2a-agent/` at A2A_AGENT_URL, `tests/a2a-agent-v1/` at
// A2A_AGENT_V1_URL, both started by `cargo xtask test`), and a fresh Chromium
// whose page is a document of the demo's origin with the package's web build
// loaded, so every call to an agent is cross-origin: CORS, and the preflight
// an `A2A-Version` header needs, are the browser's own.
import { demoUrl, withBrowser } from "./harness.mjs";

export { freshToken } from "./harness.mjs";

const v03 = process.env.A2A_AGENT_URL;
const v1 = process.env.A2A_AGENT_V1_URL;
if (!v03 || !v1) throw new Error("A2A_AGENT_URL or A2A_AGENT_V1_URL is not set: run these suites through `cargo xtask test`");

/** The base URL of the v1.0 fixture (`tests/a2a-agent-v1/`), its agents under it. */
export const agentV1Url = v1;

/** The agents' base URLs: the v0.3 fixture, and the v1.0 fixture's `/v1`, `/compat`, `/old` and `/both`. */
export const agents = { v03, v1: `${v1}/v1`, compat: `${v1}/compat`, old: `${v1}/old`, both: `${v1}/both` };

/** The simulator's base URL (its card at `/.well-known/agent.json`). */
export const simulatorUrl = process.env.MAGISTERIUM_SIMULATOR;

/**
 * A document of the demo's origin that runs no script of its own: the
 * package's README as the static server serves it (`text/plain`).
 */
const BLANK = `${demoUrl}/pkg/README.md`;

/**
 * Runs `body(page, context)` in a new Chromium (always closed) whose page, of
 * the demo's origin, has the web build initialised and the helpers of
 * {@link installHelpers} on `window`.
 */
export function withAgentPage(body) {
  return withBrowser(async (page, context) => {
    await page.goto(BLANK);
    await page.evaluate(installHelpers);
    await body(page, context);
  });
}

/**
 * Runs in the page: imports and initialises the web build of
 * `magisterium-a2a/agents` served at `/pkg/web/agents.js`, and puts on `window`:
 * - `a2a`: the module (`A2AClient`, `MagisteriumError`);
 * - `described(error)`: a `MagisteriumError` as data (`code`, `rpcCode`,
 *   `message`), or `{ notMagisteriumError }` for anything else;
 * - `message(text, data?, skillId?)`: `sendMessage`'s argument with a text
 *   part and, when given, a data part;
 * - `drain(stream)`: every event of an async iterable until it ends, as
 *   `{ events }`, plus `error` (described) when the iteration rejected;
 * - `cancelAll(client, tasks)`: cancels `tasks` (by `id`) that a test left
 *   working, ignoring those that have ended.
 */
async function installHelpers() {
  const a2a = await import("/pkg/web/agents.js");
  await a2a.default();
  const described = (error) =>
    error instanceof a2a.MagisteriumError
      ? { code: error.code, rpcCode: error.rpcCode ?? null, message: error.message }
      : { notMagisteriumError: String(error) };
  const message = (text, data, skillId) => ({
    parts: [{ kind: "text", text }, ...(data ? [{ kind: "data", data }] : [])],
    ...(skillId ? { skillId } : {}),
  });
  const drain = async (stream) => {
    const events = [];
    try {
      for await (const event of stream) events.push(event);
      return { events };
    } catch (error) {
      return { events, error: described(error) };
    }
  };
  const cancelAll = (client, tasks) => Promise.allSettled(tasks.map((task) => client.cancelTask(task.id, { timeoutMs: 5000 })));
  Object.assign(window, { a2a, described, message, drain, cancelAll });
}

/** The v1.0 fixture's request counts (`GET /_requests`: `"METHOD /path"`, `"… A2A-Version=…"`, `"… method=…"`). */
export async function requestCounts() {
  return (await fetch(`${v1}/_requests`)).json();
}

/** The counts of the v1.0 fixture that grew since `before` (from {@link requestCounts}), by how much. */
export async function requestsSince(before) {
  const grown = {};
  for (const [key, count] of Object.entries(await requestCounts())) {
    if (count > (before[key] ?? 0)) grown[key] = count - (before[key] ?? 0);
  }
  return grown;
}
