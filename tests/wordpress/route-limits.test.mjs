// What protects the parish's token on WordPress, where PHP workers answer
// requests in parallel: the budget of upstream calls per parish day holds
// when concurrent misses race for it (one atomic counter row), the window of
// days refuses before any upstream call, words are keyed by their
// normalised text, and the dates the site's own pages name may spend the reserve. Each site here is a fresh WordPress with its own cache.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { freshToken } from "../proxy/harness.mjs";
import { PARISH_PAGE } from "./pages.mjs";
import { startSite } from "./site.mjs";

const ORIGIN = "https://parish.example";
/** 2026-03-19T10:30:00Z, a Thursday. */
const INSTANT = Date.UTC(2026, 2, 19, 10, 30);
const sites = [];
after(() => Promise.all(sites.map((site) => site.stop())));

async function site(settings, pages = []) {
  const started = await startSite({ settings: { token: await freshToken(), allow_origins: [ORIGIN], time_zone: "UTC", upstream: process.env.MAGISTERIUM_ENDPOINT, ...settings }, now: INSTANT, pages });
  sites.push(started);
  return started;
}

/** A widget request for the readings of `date`: `{ status, body, retryAfter }`. */
async function readings(site, date, id = 1) {
  const message = { role: "user", kind: "message", messageId: `m-${id}`, parts: [{ kind: "text", text: date }], metadata: { skillId: "liturgical_readings" } };
  const response = await fetch(site.route, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "message/send", params: { message } }),
  });
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get("retry-after") };
}

/** How many of the site's log lines made an upstream call. */
function upstreamCalls(site) {
  return site.lines().filter((line) => line.includes(" cache=miss ")).length;
}

test("20 concurrent misses for distinct days make 5 upstream calls with a budget of 5; then only kept answers, until the parish's midnight", async () => {
  const parish = await site({ upstream_budget: 5 });
  const days = Array.from({ length: 20 }, (_, i) => `2026-03-${String(i + 1).padStart(2, "0")}`);
  const answers = await Promise.all(days.map((day, i) => readings(parish, day, i)));
  const served = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 429);
  assert.equal(served.length, 5, "the budget's 5 calls");
  assert.equal(refused.length, 15);
  assert.equal(upstreamCalls(parish), 5, "no more upstream calls than the budget");
  for (const { body, retryAfter } of refused) {
    assert.equal(body.error.code, -32003);
    // 10:30 UTC: 13.5 hours to the parish's midnight.
    assert.equal(body.error.data.retryAfter, 13.5 * 3600);
    assert.equal(retryAfter, String(13.5 * 3600));
  }
  const kept = days[answers.findIndex((answer) => answer.status === 200)];
  assert.equal((await readings(parish, kept)).status, 200, "a kept answer is still served");
  assert.equal(parish.lines().filter((line) => line.includes(" cache=budget ")).length, 15, "the log says budget");
  await parish.setClock(Date.UTC(2026, 2, 20, 0, 0));
  assert.equal((await readings(parish, "2026-03-25")).status, 200, "a new parish day, a new budget");
});

test("a day more than 31 days back or 366 ahead is refused with -32602 and no upstream call", async () => {
  const parish = await site({});
  for (const day of ["2026-02-15", "2027-03-21"]) {
    const { status, body } = await readings(parish, day);
    assert.equal(status, 200);
    assert.equal(body.error.code, -32602, day);
  }
  assert.equal(upstreamCalls(parish), 0);
  for (const day of ["2026-02-16", "2027-03-20"]) assert.ok((await readings(parish, day)).body.result, day);
  assert.equal(upstreamCalls(parish), 2);
});

test("words that name no day share one entry by their normalised text, which is what goes upstream", async () => {
  const parish = await site({});
  const first = await readings(parish, "Easter  Sunday 2026.");
  const second = await readings(parish, "easter sunday 2026");
  assert.deepEqual(second.body.result, first.body.result);
  assert.match(first.body.result.artifacts[0].parts[0].text, /Sunday, April 5, 2026/);
  assert.equal(upstreamCalls(parish), 1);
  assert.ok(parish.lines().every((line) => !line.includes("Easter")), 'the log has the normalised words: day="easter sunday 2026"');
});

test("a date a shortcode of the site names (recorded when the page renders) may spend the reserve; a stranger's far day may not", async () => {
  // A budget of 3 of which 1 is the site's own: strangers may spend 2.
  const parish = await site({ upstream_budget: 3, reserve: 1 }, [PARISH_PAGE]);
  await (await fetch(`${parish.url}/`)).arrayBuffer(); // the front page names "next Sunday" (March 22)
  for (const day of ["2026-04-01", "2026-04-02"]) assert.equal((await readings(parish, day)).status, 200, day);
  assert.equal((await readings(parish, "2026-04-03")).status, 429, "a stranger's third far day: only the reserve is left");
  assert.ok((await readings(parish, "next Sunday")).body.result, "the front page's next Sunday, from the reserve");
  assert.equal((await readings(parish, "2026-03-22")).status, 200, "kept");
  assert.equal((await readings(parish, "2026-04-04")).status, 429, "and the budget is spent");
  assert.equal(upstreamCalls(parish), 3);
});
