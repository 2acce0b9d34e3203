// The budget store (createProxy's `budgetStore`), in this Node process
// against the simulator: handlers that share a store share one budget of
// upstream calls (what the Workers recipe's Durable Object gives its
// isolates); the store is asked once per upstream call, never for a cached
// or joined answer; a store that fails refuses the call and spends no
// client's bucket. The default store's contract: limits.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { createProxy } from "magisterium-a2a/proxy";
import { INSTANT, PARISH, countingUpstream, daysAfter, freshToken, widgetBody } from "./harness.mjs";

/** `INSTANT`'s day (UTC) plus `days`, as `YYYY-MM-DD`. */
const dayAfter = (days) => new Date(daysAfter(days)).toISOString().slice(0, 10);

/**
 * A store as a remote one behaves: each `take` answers after a few ms, the
 * count kept in one place for all who share it; `asked` counts the takes.
 */
function sharedStore(fail = () => false) {
  const counted = new Map();
  const store = {
    asked: 0,
    async take(day, limit) {
      store.asked++;
      await sleep(5);
      if (fail()) throw new Error("the store could not be reached");
      const calls = counted.get(day) ?? 0;
      if (calls >= limit) return false;
      counted.set(day, calls + 1);
      return true;
    },
  };
  return store;
}

/** Runs `body(make, upstream)` with a counting upstream; `make(options)` is createProxy on it with the tests' clock. */
async function withUpstream(body) {
  const upstream = await countingUpstream();
  const token = await freshToken();
  const make = (options, lines = []) =>
    createProxy({ token, upstream: upstream.endpoint, allowOrigins: [PARISH], timeZone: "UTC", now: () => INSTANT, log: (line) => lines.push(line), ...options });
  try {
    return await body(make, upstream);
  } finally {
    await upstream.stop();
  }
}

/** `proxy`'s answer to a widget request for the saints of `date`, with `headers`: its status and JSON-RPC error code. */
async function send(proxy, date, headers = {}) {
  const request = new Request("http://proxy.test/", { method: "POST", headers: { Origin: PARISH, ...headers }, body: widgetBody("saints_of_the_day", date) });
  const response = await proxy.fetch(request);
  const body = await response.json();
  return { status: response.status, code: body.error?.code };
}

/** 40 distinct days, 20 to each of `proxies`, all at once; the statuses. */
async function flood(proxies) {
  return Promise.all(Array.from({ length: 40 }, (_, i) => send(proxies[i % 2], dayAfter(i)).then(({ status }) => status)));
}

test("handlers that share a budget store make at most the budget of upstream calls together; each with its own memory, twice that", async () => {
  await withUpstream(async (make, upstream) => {
    const store = sharedStore();
    // The budget alone (no reserve for the parish's own days, which the first two of the flood are).
    const statuses = await flood([make({ upstreamBudget: 5, reserve: 0, budgetStore: store }), make({ upstreamBudget: 5, reserve: 0, budgetStore: store })]);
    assert.equal(upstream.sent.length, 5);
    assert.equal(statuses.filter((status) => status === 200).length, 5);
    assert.equal(statuses.filter((status) => status === 429).length, 35);
    assert.ok(store.asked <= 40, "asked once per request at most");
  });
  await withUpstream(async (make, upstream) => {
    await flood([make({ upstreamBudget: 5, reserve: 0 }), make({ upstreamBudget: 5, reserve: 0 })]);
    assert.equal(upstream.sent.length, 10, "the default store is each handler's memory: 5 calls each");
  });
});

test("the store is asked once per upstream call: not for a hit, not for requests that join a running call, not once it refused today", async () => {
  await withUpstream(async (make, upstream) => {
    const store = sharedStore();
    const proxy = make({ upstreamBudget: 2, budgetStore: store });
    const together = await Promise.all(Array.from({ length: 10 }, () => send(proxy, dayAfter(1))));
    assert.deepEqual(new Set(together.map(({ status }) => status)), new Set([200]));
    assert.equal((await send(proxy, dayAfter(1))).status, 200, "a hit");
    assert.deepEqual([store.asked, upstream.sent.length], [1, 1], "ten at once and a hit: one call, one take");
    assert.equal((await send(proxy, dayAfter(2))).status, 200);
    assert.equal((await send(proxy, dayAfter(3))).code, -32003);
    assert.equal((await send(proxy, dayAfter(4))).code, -32003);
    assert.deepEqual([store.asked, upstream.sent.length], [3, 2], "after the store's refusal, today's misses are refused here");
  });
});

test("a store that fails refuses the call (503, -32603) and gives the client's miss back", async () => {
  await withUpstream(async (make, upstream) => {
    let failures = 3;
    const lines = [];
    const client = { "X-Client": "visitor" };
    const proxy = make({ budgetStore: sharedStore(() => failures-- > 0), clientKey: (request) => request.headers.get("X-Client"), clientMisses: 2 }, lines);
    for (let day = 1; day <= 3; day++) assert.deepEqual(await send(proxy, dayAfter(day), client), { status: 503, code: -32603 });
    assert.equal(upstream.sent.length, 0);
    assert.match(lines[0], / cache=budget upstream=- status=503 /);
    assert.equal((await send(proxy, dayAfter(4), client)).status, 200, "the bucket of 2 is still full");
    assert.equal((await send(proxy, dayAfter(5), client)).status, 200);
    assert.equal((await send(proxy, dayAfter(6), client)).code, -32003, "the bucket is empty now");
    assert.equal(upstream.sent.length, 2);
  });
});
