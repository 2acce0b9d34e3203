// What a stranger can spend of the parish's quota, the same tests on Node
// (the CLI) and on workerd: the budget of upstream calls per parish day, the
// window of days, words keyed by their normalised text, today's entries
// under a flood of other keys, and the per-client buckets. An upstream that
// counts (harness.mjs) stands between the proxy and the simulator and says
// what the proxy sent.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { INSTANT, PARISH, answerText, ask, countingUpstream, daysAfter, fault, freshToken, post, widgetBody } from "./harness.mjs";
import { RUNTIMES, cpuMs, withProxy } from "./runtimes.mjs";

/** A rate limit the simulator never reaches in these tests: the proxy alone limits the calls. */
const PLENTY = "5000/60s";
const SKILLS = ["saints_of_the_day", "liturgical_readings"];

/** `INSTANT`'s day (UTC) plus `days`, as `YYYY-MM-DD`. */
function dayAfter(days) {
  return new Date(daysAfter(days)).toISOString().slice(0, 10);
}

/** Starts a counting upstream and a proxy calling it, runs `body(proxy, upstream)`, stops both. */
async function withCountedProxy(start, options, body) {
  const upstream = await countingUpstream();
  try {
    return await withProxy(start, { ...options, upstream: upstream.endpoint }, (proxy) => body(proxy, upstream));
  } finally {
    await upstream.stop();
  }
}

/** The proxy's answer to a widget request, parsed: `{ status, retryAfter (the header), body }`. */
async function send(url, skill, date, id = 1, headers = {}) {
  const response = await fetch(url, { method: "POST", headers: { Origin: PARISH, "Content-Type": "application/json", ...headers }, body: widgetBody(skill, date, id) });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
}

/** Asserts that `answer` is the 429 of a spent allowance: -32003 with `retryAfter` seconds in its data and header. */
function assertRefused(answer, retryAfter, what) {
  assert.equal(answer.status, 429, what);
  assert.equal(answer.body.error.code, -32003, what);
  assert.equal(answer.body.error.data.retryAfter, retryAfter, what);
  assert.equal(answer.retryAfter, String(retryAfter), what);
}

/** The proxy's log lines once there are `count` of them (within 10 s), as `[day, cache, status]` (`day` unquoted). */
async function logged(proxy, count) {
  for (let waited = 0; proxy.lines().length < count; waited += 20) {
    assert.ok(waited < 10_000, `${proxy.lines().length} log lines, not ${count}`);
    await sleep(20);
  }
  return proxy.lines().map((line) => {
    const [, day, cache, status] = /day=("[^"]*"|\S+) cache=(\S+) upstream=\S+ status=(\d+)/.exec(line);
    return [day.replace(/^"(.*)"$/, "$1"), cache, Number(status)];
  });
}

/** Sends `requests` (`[skill, date]`) 50 at a time, the `i`th with `headersOf(i)`; the answers, parsed, in order. */
async function fiftyAtATime(url, requests, headersOf = () => ({})) {
  const answers = [];
  for (let i = 0; i < requests.length; i += 50) {
    const batch = requests.slice(i, i + 50).map(([skill, date], j) => send(url, skill, date, i + j, headersOf(i + j)));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

for (const [runtime, start] of RUNTIMES) {
  describe(runtime, () => {
    test("right after the parish's midnight, a flood of 3000 requests with a fresh client key each costs at most the budget (100): strangers spend what the reserve leaves, words their share, and the parish's page keeps today's and tomorrow's answers", async (t) => {
      const token = await freshToken(PLENTY);
      const midnight = Date.UTC(2026, 2, 20, 0, 0, 30); // 30 s into March 20 in the parish (UTC)
      const day = (days) => new Date(midnight + days * 86_400_000).toISOString().slice(0, 10);
      await withCountedProxy(start, { token, now: midnight, clientHeader: "X-Client" }, async (proxy, upstream) => {
        const today = await Promise.all(SKILLS.map((skill) => ask(proxy.url, skill, "today")));
        // Distinct keys: days inside the window (31 back, 366 ahead) that are not the parish's own, days outside it, words.
        const flood = Array.from({ length: 3000 }, (_, i) => {
          const k = Math.floor(i / 3);
          const skill = SKILLS[i % 2];
          if (i % 3 === 0) return [skill, day(k % 2 ? 2 + (k % 365) : -2 - (k % 30))];
          if (i % 3 === 1) return [skill, day(k % 2 ? 367 + k : -32 - k)];
          return [skill, `the feast of saint ${k}`];
        });
        const answers = await fiftyAtATime(proxy.url, flood, (i) => ({ "X-Client": `stranger-${i}` }));
        assert.equal(upstream.sent.length, 80, "2 for the parish's today, then strangers up to the budget less its reserve (a fifth of 100)");
        assert.equal(upstream.sent.filter((sent) => sent.startsWith("the feast")).length, 10, "words that name no day spend their share of 10");
        const outside = answers.filter((_, i) => i % 3 === 1);
        assert.ok(outside.every((answer) => answer.status === 200 && answer.body.error.code === -32602), "outside the window: -32602");
        const refused = answers.filter((answer) => answer.status === 429);
        const served = answers.filter((answer) => answer.status === 200 && answer.body.result);
        assert.equal(refused.length + served.length, 2000, "inside the window, and words: an answer or a 429");
        // 30 s past the parish's (UTC) midnight: 86 370 s to the next.
        for (const answer of refused) assertRefused(answer, 86_370, "a miss once what strangers may spend is spent");
        assert.ok(refused.some((answer) => /questions that name no day is spent/.test(answer.body.error.message)), "the words' share says so");
        const lines = await logged(proxy, 3002);
        const refusedLines = lines.filter(([, cache, status]) => (cache === "budget" || cache === "words") && status === 429);
        assert.equal(refusedLines.length, refused.length, "the log says budget or words");
        assert.equal(lines.filter(([, cache]) => cache === "miss").length, 80, "each miss is one of the upstream calls");
        const shared = lines.slice(2).filter(([, cache]) => cache === "hit" || cache === "joined");
        assert.equal(shared.length, served.length - 78, "every other answer in the flood shares an entry those calls stored");

        const cpu = cpuMs(proxy.pid);
        const started = performance.now();
        const again = await Promise.all(SKILLS.map((skill) => ask(proxy.url, skill, "today")));
        const ms = performance.now() - started;
        const cpuSpent = cpuMs(proxy.pid) - cpu;
        assert.equal(upstream.sent.length, 80, "today's saints and readings come from the cache: no upstream call");
        assert.deepEqual(
          again.map((body) => body.result),
          today.map((body) => body.result),
        );
        assert.deepEqual((await logged(proxy, 3004)).slice(-2).map(([, cache]) => cache), ["hit", "hit"]);
        // The bound, measured as the proxy's CPU time (steps of 10 ms), not the machine's load.
        assert.ok(cpuSpent < 500, `${cpuSpent} ms of CPU`);
        const cpuText = cpuSpent ? `${cpuSpent} ms` : "under 10 ms";
        t.diagnostic(`after the flood, today's saints and readings: ${ms.toFixed(1)} ms from request to answer, ${cpuText} of the proxy's CPU (counted in 10 ms steps)`);
        for (const skill of SKILLS) {
          for (const date of ["tomorrow", "yesterday"]) assert.ok((await ask(proxy.url, skill, date)).result, `${skill} ${date}: answered for the parish's page, from the reserve`);
        }
        assert.equal(upstream.sent.length, 84, "at most the budget: 80, and 4 of the reserve's 20");
      });
    });

    test("once the budget is spent a miss is a 429 until the parish's midnight; cached days, fresh or stale, are served; each day has its own budget", async () => {
      const token = await freshToken(PLENTY);
      // 2026-03-19T10:30Z is 00:30 on Friday March 20 in Pacific/Kiritimati (UTC+14): 23.5 hours to its midnight.
      await withCountedProxy(start, { token, timeZone: "Pacific/Kiritimati", limits: { upstreamBudget: 3 } }, async (proxy, upstream) => {
        const saints = await ask(proxy.url, "saints_of_the_day", "today");
        await ask(proxy.url, "liturgical_readings", "today");
        await ask(proxy.url, "saints_of_the_day", "tomorrow");
        const refused = await send(proxy.url, "saints_of_the_day", "2026-03-22", "v-budget");
        assertRefused(refused, 84_600, "the fourth miss of the day");
        assert.equal(refused.body.id, "v-budget");
        assert.match(refused.body.error.message, /upstream calls for today are spent/);
        assert.deepEqual((await ask(proxy.url, "saints_of_the_day", "2026-03-20")).result, saints.result, "a fresh entry is served");
        assert.equal(upstream.sent.length, 3);

        await proxy.setClock(daysAfter(1)); // Saturday March 21 there: a new budget
        for (const date of ["today", "2026-03-23", "2026-03-24"]) await ask(proxy.url, "liturgical_readings", date);
        assert.deepEqual((await ask(proxy.url, "saints_of_the_day", "2026-03-20")).result, saints.result, "a stale entry is served");
        assertRefused(await send(proxy.url, "saints_of_the_day", "2026-03-25"), 84_600, "the fourth miss of the next day");
        assert.equal(upstream.sent.length, 6);
        const lines = await logged(proxy, 10);
        assert.deepEqual(
          lines.filter(([, cache]) => cache !== "miss"),
          [
            ["2026-03-22", "budget", 429],
            ["2026-03-20", "hit", 200],
            ["2026-03-20", "stale", 200],
            ["2026-03-25", "budget", 429],
          ],
        );
      });
    });

    test("only answered calls count against the budget: a 5xx is given back, and the proxy then holds off (30 s, then 60 s) instead of asking again", async () => {
      const token = await freshToken(PLENTY);
      await withCountedProxy(start, { token, limits: { upstreamBudget: 2 } }, async (proxy, upstream) => {
        await fault(token, "error", { code: -32603, message: "Internal error", httpStatus: 500, times: 2 });
        const saints = (date, id) => send(proxy.url, "saints_of_the_day", date, id);
        const failed = await saints("2026-03-20", "v-1");
        assert.equal(failed.status, 500, "the service's failure, passed on");
        const held = await saints("2026-03-21", "v-2");
        assert.deepEqual([held.status, held.body.id, held.body.error.code, held.retryAfter], [500, "v-2", -32603, "30"], "held: that failure, 30 s left");
        assert.equal(upstream.sent.length, 1, "no upstream call while the proxy holds off");
        await proxy.setClock(INSTANT + 30_000);
        assert.equal((await saints("2026-03-21")).status, 500, "asked again after 30 s: a second failure");
        await proxy.setClock(INSTANT + 60_000);
        assert.equal((await saints("2026-03-22")).retryAfter, "30", "a second failure in a row holds off 60 s");
        assert.equal(upstream.sent.length, 2);
        await proxy.setClock(INSTANT + 90_000);
        for (const date of ["2026-03-22", "2026-03-23"]) assert.equal((await saints(date)).status, 200, `${date}: the failures spent none of the 2 calls`);
        assertRefused(await saints("2026-03-24"), 48_510, "the two answered calls spent the budget");
        assert.equal(upstream.sent.length, 4);
        const caches = (await logged(proxy, 7)).map(([, cache]) => cache);
        assert.deepEqual(caches, ["miss", "held", "miss", "held", "miss", "miss", "budget"]);
      });
    });

    test("a token the service refuses (401) spends nothing of the budget, and 47 misses make one upstream call", async () => {
      const token = `refused-${process.pid}-${Math.random().toString(36).slice(2)}`; // never registered: the simulator answers 401
      await withCountedProxy(start, { token, limits: { upstreamBudget: 3 } }, async (proxy, upstream) => {
        const answers = [];
        for (let i = 0; i < 47; i++) answers.push(await send(proxy.url, "liturgical_readings", dayAfter(i - 20), i));
        assert.ok(answers.every((answer) => answer.status === 401 && answer.body.error.code === -32004), "each visitor is told the service refused");
        assert.equal(upstream.sent.length, 1, "the first miss asked; the others were held");
        const caches = (await logged(proxy, 47)).map(([, cache]) => cache);
        assert.deepEqual([caches[0], new Set(caches.slice(1))], ["miss", new Set(["held"])]);
      });
    });

    test("a day more than 31 days before or 366 after the parish's today is -32602 without an upstream call; --days-back and --days-ahead move the bounds", async () => {
      const token = await freshToken(PLENTY);
      await withCountedProxy(start, { token }, async (proxy, upstream) => {
        // Today is 2026-03-19 (UTC).
        for (const date of ["2026-02-16", "2027-03-20"]) await ask(proxy.url, "saints_of_the_day", date);
        for (const date of ["2026-02-15", "2027-03-21", "1999-12-31"]) {
          const answer = await send(proxy.url, "saints_of_the_day", date);
          assert.equal(answer.status, 200, date);
          assert.equal(answer.body.error.code, -32602, date);
          assert.match(answer.body.error.message, /not within 31 days before or 366 days after today/);
        }
        assert.deepEqual(upstream.sent, ["2026-02-16", "2027-03-20"]);
      });
      await withCountedProxy(start, { token, limits: { daysBack: 0, daysAhead: 3 } }, async (proxy, upstream) => {
        await ask(proxy.url, "liturgical_readings", "today");
        await ask(proxy.url, "liturgical_readings", "next Sunday"); // March 22
        for (const date of ["yesterday", "next Monday", "2026-03-23"]) {
          assert.equal((await send(proxy.url, "liturgical_readings", date)).body.error.code, -32602, date);
        }
        assert.deepEqual(upstream.sent, ["2026-03-19", "2026-03-22"]);
        assert.deepEqual(
          (await logged(proxy, 5)).map(([day, cache]) => `${day} ${cache}`),
          ["2026-03-19 miss", "2026-03-22 miss", "2026-03-18 -", "2026-03-23 -", "2026-03-23 -"],
        );
      });
    });

    test("words that name no day go upstream in their normalised form, one entry for every spelling, and count against the budget", async () => {
      const token = await freshToken(PLENTY);
      await withCountedProxy(start, { token, limits: { upstreamBudget: 2 } }, async (proxy, upstream) => {
        const easter = await ask(proxy.url, "liturgical_readings", "  Easter   SUNDAY 2026?");
        assert.match(answerText(easter), /^Mass readings for Sunday, April 5, 2026/);
        for (const spelling of ["easter sunday 2026", "EASTER Sunday 2026."]) {
          assert.deepEqual((await ask(proxy.url, "liturgical_readings", spelling)).result, easter.result, spelling);
        }
        await ask(proxy.url, "liturgical_readings", "Pentecost 2026");
        assert.equal((await send(proxy.url, "liturgical_readings", "Christmas 2026")).status, 429, "the budget of 2 is spent");
        assert.deepEqual(upstream.sent, ["easter sunday 2026", "pentecost 2026"], "the upstream reads the normalised words");
        assert.deepEqual(
          (await logged(proxy, 5)).map(([day, cache]) => `${day} ${cache}`),
          ["easter sunday 2026 miss", "easter sunday 2026 hit", "easter sunday 2026 hit", "pentecost 2026 miss", "christmas 2026 budget"],
        );
      });
    });

    test("words that name no day are kept only until the earlier of the parish's and the service's (UTC) midnight", async () => {
      const token = await freshToken(PLENTY);
      // 2026-03-19T10:30Z is 05:30 in Chicago: the service's (UTC) day ends first, at 19:00 there.
      await withCountedProxy(start, { token, timeZone: "America/Chicago" }, async (proxy, upstream) => {
        const christmas = await ask(proxy.url, "liturgical_readings", "Christmas");
        await proxy.setClock(Date.UTC(2026, 2, 19, 23, 59, 59));
        assert.deepEqual((await ask(proxy.url, "liturgical_readings", "christmas")).result, christmas.result, "18:59 in Chicago: kept");
        assert.equal(upstream.sent.length, 1);
        await proxy.setClock(Date.UTC(2026, 2, 20, 0, 0, 1));
        await ask(proxy.url, "liturgical_readings", "Christmas");
        assert.equal(upstream.sent.length, 2, "19:00 in Chicago, a new day for the service: asked again");
        assert.deepEqual((await logged(proxy, 3)).map(([, cache]) => cache), ["miss", "hit", "miss"]);
      });
    });

    test("today's entries are not evicted by a flood of 1100 other keys, even with a budget that pays for them", async () => {
      const token = await freshToken(PLENTY);
      await withCountedProxy(start, { token, limits: { upstreamBudget: 1200, reserve: 0, wordsPerDay: 1200 } }, async (proxy, upstream) => {
        const today = await Promise.all(SKILLS.map((skill) => ask(proxy.url, skill, "today")));
        const flood = Array.from({ length: 1100 }, (_, i) => [SKILLS[i % 2], `the feast of saint ${i}`]);
        const answers = await fiftyAtATime(proxy.url, flood);
        assert.ok(answers.every((answer) => answer.status === 200));
        assert.equal(upstream.sent.length, 1102);
        const again = await Promise.all(SKILLS.map((skill) => ask(proxy.url, skill, "today")));
        assert.deepEqual(
          again.map((body) => body.result),
          today.map((body) => body.result),
        );
        assert.equal(upstream.sent.length, 1102, "still cached: no upstream call");
      });
    });

    test("each client (as a header set by the server in front names it) may make --client-misses uncached requests a minute; cached answers are always served", async () => {
      const token = await freshToken(PLENTY);
      await withCountedProxy(start, { token, clientHeader: "X-Client", limits: { clientMisses: 3 } }, async (proxy, upstream) => {
        const as = (client, date) => send(proxy.url, "saints_of_the_day", date, 1, { "X-Client": client });
        for (const date of ["2026-03-19", "2026-03-20", "2026-03-21"]) assert.equal((await as("a", date)).status, 200, date);
        const refused = await as("a", "2026-03-22");
        // 3 a minute: one more every 20 seconds.
        assertRefused(refused, 20, "a's fourth miss in a minute");
        assert.match(refused.body.error.message, /too many new questions from this client/);
        assert.equal((await as("a", "2026-03-19")).status, 200, "a cached day is always served");
        assert.equal((await as("b", "2026-03-22")).status, 200, "another client has its own bucket");
        assert.equal((await as("a", "2026-03-22")).status, 200, "and then a finds it cached");
        await proxy.setClock(INSTANT + 20_000);
        assert.equal((await as("a", "2026-03-23")).status, 200, "20 seconds later a has one more");
        assertRefused(await as("a", "2026-03-24"), 20, "and only one");
        assert.equal((await send(proxy.url, "saints_of_the_day", "2026-03-24")).status, 200, "a request naming no client has no bucket");
        assert.equal(upstream.sent.length, 6);
        const caches = (await logged(proxy, 10)).map(([, cache]) => cache);
        assert.deepEqual(caches, ["miss", "miss", "miss", "client", "hit", "miss", "hit", "miss", "client", "miss"]);
      });
    });
  });
}
