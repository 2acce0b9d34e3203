// createProxy of the installed package in this Node process, against the
// simulator: its configuration checks, the token provider, the date words it
// resolves in the parish's time zone, and the upstream text it keeps from visitors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_UPSTREAM, WIDGET_SKILLS, createProxy } from "magisterium-a2a/proxy";
import { INSTANT, PARISH, answerText, endpoint, fault, freshToken, widgetBody } from "./harness.mjs";

/** createProxy with the simulator upstream, the tests' clock, and log lines kept in `lines`. */
function proxyWith(options, lines = []) {
  return createProxy({ upstream: endpoint, allowOrigins: [PARISH], timeZone: "UTC", now: () => INSTANT, log: (line) => lines.push(line), ...options });
}

/** The proxy's answer to a widget request for `skill` and `date`, parsed, with its `Retry-After`. */
async function askProxy(proxy, skill, date) {
  const request = new Request("http://proxy.test/", { method: "POST", headers: { Origin: PARISH }, body: widgetBody(skill, date) });
  const response = await proxy.fetch(request);
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.json() };
}

test("a configuration mistake throws a TypeError when the proxy is made", () => {
  const good = { token: "t", allowOrigins: [PARISH] };
  const mistakes = [
    [{ allowOrigins: [PARISH] }, /exactly one of `token` and `tokenProvider`/],
    [{ ...good, tokenProvider: () => "t" }, /exactly one/],
    [{ token: " ", allowOrigins: [PARISH] }, /token/],
    [{ token: "t", allowOrigins: [] }, /allowOrigins/],
    [{ token: "t", allowOrigins: ["https://parish.example/page"] }, /not an origin/],
    [{ token: "t", allowOrigins: ["*"] }, /not an origin/],
    [{ ...good, timeZone: "Mars/Olympus_Mons" }, /`timeZone`: unknown time zone/],
    [{ ...good, skills: ["catholic_qa"] }, /skills/],
    [{ ...good, upstream: "http://a2a.example/api" }, /https:/],
    [{ ...good, upstream: "https://user:secret@a2a.example/api" }, /username or password/],
    [{ ...good, log: "yes" }, /log/],
    [{ ...good, upstreamBudget: 0 }, /`upstreamBudget` must be an integer from 1 to 100000/],
    [{ ...good, upstreamBudget: 2.5 }, /upstreamBudget/],
    [{ ...good, upstreamBudget: "100" }, /upstreamBudget/],
    [{ ...good, daysBack: -1 }, /`daysBack` must be an integer from 0 to 3660/],
    [{ ...good, daysAhead: 3661 }, /`daysAhead` must be an integer from 0 to 3660/],
    [{ ...good, clientMisses: 0 }, /`clientMisses` must be an integer from 1 to 10000/],
    [{ ...good, budgetStore: {} }, /`budgetStore` must be an object with a method take\(day, limit\)/],
    [{ ...good, budgetStore: { take: () => true, giveBack: 1 } }, /`budgetStore.giveBack` must be a method giveBack\(day\), or absent/],
    [{ ...good, upstreamBudget: 10, reserve: 11 }, /`reserve` must be an integer from 0 to 10/],
    [{ ...good, wordsPerDay: -1 }, /`wordsPerDay` must be an integer from 0 to 100000/],
    [{ ...good, clientDailyMisses: 0 }, /`clientDailyMisses` must be an integer from 1 to 100000/],
    [{ ...good, reservedDates: "next Sunday" }, /`reservedDates` must list at most 50 date texts/],
    [{ ...good, reservedDates: [""] }, /reservedDates/],
    [{ ...good, reservedDates: Array(51).fill("today") }, /reservedDates/],
    [{ ...good, clientKey: "CF-Connecting-IP" }, /`clientKey` must be a function/],
  ];
  for (const [config, message] of mistakes) {
    assert.throws(() => createProxy(config), (error) => error instanceof TypeError && message.test(error.message), JSON.stringify(config));
  }
  assert.equal(typeof createProxy({ ...good, upstream: "http://127.0.0.1:9/a2a", allowOrigins: ["https://Parish.Example:443/"] }).fetch, "function");
  assert.equal(DEFAULT_UPSTREAM, "https://www.magisterium.com/api/v1/a2a");
  assert.deepEqual(WIDGET_SKILLS, ["saints_of_the_day", "liturgical_readings"]);
});

test("the log says why an origin was refused, once per origin, with a bounded memory of them", async () => {
  const lines = [];
  const proxy = proxyWith({ token: "t" }, lines);
  const from = (origin) => {
    const headers = origin === undefined ? {} : { Origin: origin };
    return proxy.fetch(new Request("http://proxy.test/", { method: "POST", headers, body: widgetBody("saints_of_the_day", "today") }));
  };
  for (let i = 0; i < 3; i++) assert.equal((await from("http://localhost:5173")).status, 403);
  const why = (line) => line.includes("not allowed");
  assert.deepEqual(lines.filter(why), [`origin http://localhost:5173 not allowed: the allowed origins are ${PARISH} (said once per origin)`]);
  assert.equal(lines.filter((line) => line.includes("status=403")).length, 3, "each request keeps its own line");
  await from(undefined);
  await from("evil origin");
  assert.deepEqual(lines.filter(why).slice(1), [
    `a request without an Origin header not allowed: the allowed origins are ${PARISH} (said once per origin)`,
    `origin "evil origin" not allowed: the allowed origins are ${PARISH} (said once per origin)`,
  ]);
  // A stranger sending many origins: the memory is bounded, so an origin is explained again once it was forgotten.
  for (let i = 0; i < 200; i++) await from(`https://x${i}.example`);
  await from("http://localhost:5173");
  assert.equal(lines.filter(why).length, 3 + 200 + 1);
});

test("the upstream takes plain http: only to loopback, and a *.localhost name is not loopback outside browsers", () => {
  const good = { token: "t", allowOrigins: [PARISH] };
  // Node and Workers ask the system's resolver, so perhaps DNS, about app.localhost: the token would follow its answer.
  for (const upstream of ["http://app.localhost:8787/a2a", "http://evil.example%2elocalhost/", "http://localhost./a2a", "http://127.0.0.1.nip.io/", "http://[::ffff:7f00:1]/"]) {
    assert.throws(() => createProxy({ ...good, upstream }), (error) => error instanceof TypeError && /https:/.test(error.message), upstream);
  }
  for (const upstream of ["http://localhost:8787/a2a", "http://LOCALHOST/", "http://127.1:9/", "http://0x7f.0.0.2/", "http://[::1]:9/", "https://app.localhost/a2a"]) {
    assert.equal(typeof createProxy({ ...good, upstream }).fetch, "function", upstream);
  }
});

test("date words are resolved to a day in the parish's time zone, so they share that day's entry", async () => {
  const lines = [];
  // 2026-03-19T10:30Z is Thursday March 19 in UTC.
  const proxy = proxyWith({ token: await freshToken() }, lines);
  const day = async (date) => answerText((await askProxy(proxy, "liturgical_readings", date)).body).split("\n")[0];
  const words = {
    "Next Sunday.": "Sunday, March 22, 2026",
    sunday: "Sunday, March 22, 2026",
    "2026-03-22": "Sunday, March 22, 2026",
    "this  Thursday": "Thursday, March 19, 2026",
    "next thursday": "Thursday, March 26, 2026",
    "last Thursday": "Thursday, March 12, 2026",
    "last wednesday": "Wednesday, March 18, 2026",
    yesterday: "Wednesday, March 18, 2026",
    "Easter Sunday 2026": "Sunday, April 5, 2026",
  };
  for (const [words_, expected] of Object.entries(words)) assert.equal(await day(words_), `Mass readings for ${expected}`, words_);
  const cache = lines.map((line) => `${/day=("[^"]*"|\S+)/.exec(line)[1]} ${/cache=(\S+)/.exec(line)[1]}`);
  assert.deepEqual(cache.slice(0, 3), ["2026-03-22 miss", "2026-03-22 hit", "2026-03-22 hit"]);
  assert.equal(cache.at(-1), '"easter sunday 2026" miss', "words it does not read go upstream as written");
  const impossible = await askProxy(proxy, "liturgical_readings", "2026-02-30");
  assert.equal(impossible.body.error.code, -32602);
  const long = await askProxy(proxy, "liturgical_readings", "x".repeat(101));
  assert.equal(long.body.error.code, -32602);
  const inherited = await askProxy(proxy, "liturgical_readings", "constructor");
  assert.equal(inherited.status, 200, "a word that names an object's inherited property is only a word");
});

test("a token provider is asked before each upstream call, and again after a 401", async () => {
  const token = await freshToken();
  const handed = [];
  const asked = [];
  const provider = async (...context) => {
    asked.push(context);
    handed.push(handed.length === 0 ? "expired-token" : token);
    return handed.at(-1);
  };
  const proxy = proxyWith({ tokenProvider: provider });
  const first = await askProxy(proxy, "saints_of_the_day", "2026-03-19");
  assert.equal(first.status, 200);
  assert.match(answerText(first.body), /Saint Joseph/);
  assert.deepEqual(handed, ["expired-token", token], "refused once, asked again, retried once");
  assert.deepEqual(asked, [[], [{ rejectedToken: "expired-token" }]], "told which token was refused");
  await askProxy(proxy, "saints_of_the_day", "2026-03-17");
  assert.deepEqual(asked.at(-1), [], "before a call: no argument");
  const refused = proxyWith({ token: "not-a-token" });
  const answer = await askProxy(refused, "saints_of_the_day", "2026-03-19");
  assert.equal(answer.status, 401, "with a fixed token a 401 passes on (the widget says its credentials were refused)");
  assert.equal(answer.body.error.code, -32004);
});

test("a token provider that throws (a saved sign-in that ended) is a 503 naming its code, not its message", async () => {
  const signInRequired = Object.assign(new Error("no saved sign-in in /home/someone/.config: run login"), { code: "SIGN_IN_REQUIRED" });
  let asked = 0;
  const proxy = proxyWith({ tokenProvider: () => (asked++, Promise.reject(signInRequired)) });
  const answer = await askProxy(proxy, "saints_of_the_day", "2026-03-19");
  assert.equal(answer.status, 503);
  assert.equal(answer.body.error.code, -32603);
  assert.equal(answer.body.error.message, "the proxy has no token for the Magisterium service (SIGN_IN_REQUIRED)");
  assert.deepEqual(answer.body.error.data, { reason: "not_connected" }, "the widget says the site is not connected");
  const again = await askProxy(proxy, "saints_of_the_day", "2026-03-19");
  assert.equal(again.status, 503);
  assert.equal(asked, 2, "not cached nor held off (no call was made): the next visitor's call asks the provider again");
});

test("no upstream text carries the token to a visitor", async () => {
  const token = await freshToken();
  await fault(token, "error", { code: -32602, message: `Invalid params: Bearer ${token} is odd`, data: { token } });
  const answer = await askProxy(proxyWith({ token }), "saints_of_the_day", "2026-03-19");
  assert.equal(answer.body.error.code, -32602);
  assert.equal(answer.body.error.message, "Invalid params: Bearer [token] is odd");
  assert.ok(!JSON.stringify(answer.body).includes(token));
});

test("a spent budget's Retry-After counts to the parish's midnight, on days of 23 and 25 hours too", async () => {
  let now = Date.UTC(2026, 2, 8, 6); // 00:00 CST on Sunday March 8, 2026, the day Chicago's clocks go forward
  const proxy = proxyWith({ token: await freshToken(), timeZone: "America/Chicago", upstreamBudget: 1, now: () => now });
  assert.equal((await askProxy(proxy, "saints_of_the_day", "today")).status, 200);
  const spring = await askProxy(proxy, "saints_of_the_day", "tomorrow");
  assert.equal(spring.status, 429);
  assert.equal(spring.body.error.data.retryAfter, 23 * 3600, "March 8 is 23 hours long there");
  assert.equal(spring.retryAfter, String(23 * 3600));
  now = Date.UTC(2026, 10, 1, 5, 0, 0, 1); // a millisecond after 00:00 CDT on Sunday November 1, when they go back
  assert.equal((await askProxy(proxy, "saints_of_the_day", "today")).status, 200, "a new day, a new budget");
  const autumn = await askProxy(proxy, "saints_of_the_day", "tomorrow");
  assert.equal(autumn.body.error.data.retryAfter, 25 * 3600, "November 1 is 25 hours long there (rounded up to whole seconds)");
});

test("words' entries are at most the budget: a new one evicts the oldest stale one, never a day's", async () => {
  let now = INSTANT;
  const proxy = proxyWith({ token: await freshToken(), upstreamBudget: 3, now: () => now });
  const readings = (date) => askProxy(proxy, "liturgical_readings", date);
  for (const date of ["Easter 2026", "Pentecost 2026", "today"]) assert.equal((await readings(date)).status, 200, date);
  now += 86_400_000; // a new day, a new budget of 3; yesterday's entries are stale
  for (const date of ["Christmas 2026", "Epiphany 2027"]) assert.equal((await readings(date)).status, 200, date);
  // 4 word entries for at most 3: "easter 2026", stored first, went.
  assert.equal((await readings("tomorrow")).status, 200);
  assert.equal((await readings("Easter 2026")).status, 429, "evicted, and the budget is spent: nothing to serve");
  assert.match(answerText((await readings("Pentecost 2026")).body), /May 24, 2026/, "kept: served stale");
  assert.match(answerText((await readings("2026-03-19")).body), /March 19, 2026/, "a day's entry is kept while its day is in the window");
});

test("prefetch() asks for today's answers not kept yet, as the parish's page would, from the reserve; kept ones cost nothing", async () => {
  const token = await freshToken();
  const lines = [];
  let now = INSTANT;
  // A budget of 5 with its default reserve of 1: strangers may spend 4.
  const proxy = createProxy({ token, upstream: endpoint, allowOrigins: [PARISH], timeZone: "UTC", now: () => now, log: (line) => lines.push(line), upstreamBudget: 5 });
  for (let i = 0; i < 4; i++) assert.equal((await askProxy(proxy, "saints_of_the_day", `2026-04-0${i + 1}`)).status, 200, "a stranger's far day");
  assert.equal((await askProxy(proxy, "saints_of_the_day", "2026-04-09")).status, 429, "the rest is spent");
  assert.deepEqual(await proxy.prefetch(), { saints_of_the_day: 200, liturgical_readings: 429 }, "one call left, the reserve's: the first skill's");
  assert.match(lines.at(-2), /skill=saints_of_the_day day=2026-03-19 cache=miss upstream=200 status=200/);
  const before = lines.length;
  assert.deepEqual(Object.keys(await proxy.prefetch()), ["saints_of_the_day", "liturgical_readings"]);
  assert.equal(lines.filter((line) => line.includes("saints_of_the_day")).length, lines.slice(0, before).filter((line) => line.includes("saints_of_the_day")).length, "a kept answer is not asked again, nor logged");
  now = INSTANT + 86_400_000;
  assert.deepEqual(await proxy.prefetch(), { saints_of_the_day: 200, liturgical_readings: 200 }, "the next day: both, before any visitor");
  assert.equal((await askProxy(proxy, "liturgical_readings", "today")).status, 200);
  assert.match(lines.at(-1), /cache=hit/, "the day's first visitor finds it kept");
});
