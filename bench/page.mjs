// The in-page half of the bench: our client (the web build) and the
// hand-written baseline side by side, exposed to the driver as `window.bench`.

import init, { MagisteriumClient } from "/pkg/web/index.js";
import { alternate, batches, runsIn } from "./alternate.mjs";
import { BaselineClient } from "./baseline.mjs";
import { FIXTURES } from "./fixtures.mjs";
import { floor, replaying } from "./replay.mjs";

/** The token both clients send (the simulator's default). */
const TOKEN = "demo-token";
/** The endpoint of the replayed decode calls: never reached, `fetch` answers from memory. */
const REPLAY_ENDPOINT = "http://127.0.0.1:9/api/v1/a2a";
/** The calls made against the simulator. */
const LIVE_CALLS = [
  { name: "ask()", method: "ask", argument: "What is grace?" },
  { name: "searchDocuments()", method: "searchDocuments", argument: "grace" },
];

await init();

/** Our client and the baseline, both pointed at `endpoint`. */
function clients(endpoint) {
  return { ours: new MagisteriumClient({ endpoint, token: TOKEN }), js: new BaselineClient({ endpoint, token: TOKEN }) };
}

/** One call of `task` (`{method, argument}`) per side, as functions. */
function sides(pair, task) {
  return { ours: () => pair.ours[task.method](task.argument), js: () => pair.js[task.method](task.argument) };
}

/** `value` as JSON with every object's keys sorted: equal for deep-equal values. */
function canonical(value) {
  return JSON.stringify(value, (_key, v) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v);
}

/** Both sides' outcomes of one call of `task`, as canonical JSON or `rejected: …`; `strip` removes per-call ids. */
async function compare(pair, task, strip = (result) => result) {
  const settle = (promise) => promise.then((result) => canonical(strip(result)), (e) => `rejected: ${e?.code ?? ""} ${e?.message ?? e}`);
  const { ours, js } = sides(pair, task);
  return { name: task.name, ours: await settle(ours()), js: await settle(js()) };
}

/** A live answer without the ids the simulator makes fresh for every call. */
function withoutIds(result) {
  return Array.isArray(result) ? result : { ...result, taskId: undefined, contextId: undefined };
}

/** `warmup` calls per side, then `rounds` alternating batches of `count` calls per side. */
async function perCall({ ours, js }, { warmup, count, rounds }) {
  for (let i = 0; i < warmup; i++) {
    await ours();
    await js();
  }
  return { count, ...(await alternate(batches({ ours, js }, count), rounds)) };
}

window.bench = {
  /** Both sides' results for every fixture and every live call: the driver checks they are the same. */
  async check(endpoint) {
    const replay = clients(REPLAY_ENDPOINT);
    const out = [];
    for (const fixture of FIXTURES) out.push(await replaying(fixture, () => compare(replay, fixture)));
    const live = clients(endpoint);
    for (const call of LIVE_CALLS) out.push(await compare(live, call, withoutIds));
    return out;
  },

  /**
   * Decode: each fixture replayed, in batches of about `batchMs` after `warmupMs`
   * of warm-up per side; `floor` is the replay alone, which both sides pay.
   */
  async decode({ warmupMs, batchMs, rounds }) {
    const pair = clients(REPLAY_ENDPOINT);
    const out = [];
    for (const fixture of FIXTURES) {
      const measured = await replaying(fixture, async () => {
        const ops = { ...sides(pair, fixture), floor };
        for (const op of Object.values(ops)) await runsIn(op, warmupMs);
        const count = await runsIn(ops.ours, batchMs);
        return { count, ...(await alternate(batches(ops, count), rounds)) };
      });
      out.push({ name: fixture.name, bytes: fixture.bytes, ...measured });
    }
    return out;
  },

  /** Per call: each live call against the simulator, `rounds` batches of `count` calls per side. */
  async calls(endpoint, options) {
    const pair = clients(endpoint);
    const out = [];
    for (const call of LIVE_CALLS) out.push({ name: call.name, ...(await perCall(sides(pair, call), options)) });
    return out;
  },

  /**
   * Per call without the network's jitter: `ask()` of the small answer with
   * `fetch` stubbed to answer after `delayMs`, so both sides wait alike and
   * what differs is each client's own work around the wait.
   */
  async stubbedCalls({ delayMs, ...options }) {
    const pair = clients(REPLAY_ENDPOINT);
    const fixture = FIXTURES.find((f) => f.name === "small answer");
    const measured = await replaying(fixture, () => perCall(sides(pair, fixture), options), delayMs);
    return { name: `${fixture.method}()`, delayMs, ...measured };
  },
};
document.body.dataset.ready = "true";
