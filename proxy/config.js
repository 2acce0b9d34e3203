// createProxy's configuration, checked once: a mistake throws a TypeError
// when the proxy is made, not on a visitor's request.
import { dayInZone, parishClock } from "./day.js";
import { MemoryBudget } from "./limits.js";
import { isLoopbackHostOutsideBrowsers } from "./loopback-host.js";

/** The service's A2A endpoint. */
export const DEFAULT_UPSTREAM = "https://www.magisterium.com/api/v1/a2a";

/** The skills of the parish widget, the only ones the proxy can serve. */
export const WIDGET_SKILLS = ["saints_of_the_day", "liturgical_readings"];

/** The checked configuration: what the request pipeline reads. */
export function readConfig(config) {
  if (typeof config !== "object" || config === null) fail("createProxy needs a configuration object");
  const budget = count("upstreamBudget", config.upstreamBudget, 100, 1, 100_000);
  return {
    token: tokenSource(config),
    origins: origins(config.allowOrigins),
    clock: parishClock(zone(config.timeZone), clock(config.now)),
    skills: skills(config.skills),
    upstream: upstream(config.upstream),
    log: log(config.log),
    upstreamBudget: budget,
    reserve: count("reserve", config.reserve, Math.floor(budget / 5), 0, budget),
    reservedDates: reservedDates(config.reservedDates),
    wordsPerDay: count("wordsPerDay", config.wordsPerDay, 10, 0, 100_000),
    budgetStore: budgetStore(config.budgetStore),
    daysBack: count("daysBack", config.daysBack, 31, 0, 3660),
    daysAhead: count("daysAhead", config.daysAhead, 366, 0, 3660),
    clientKey: clientKey(config.clientKey),
    clientMisses: count("clientMisses", config.clientMisses, 20, 1, 10_000),
    clientDailyMisses: count("clientDailyMisses", config.clientDailyMisses, 50, 1, 100_000),
  };
}

function fail(message) {
  throw new TypeError(`magisterium-a2a/proxy: ${message}`);
}

/**
 * `{ refreshable, get(context?) }`: the token; a provider is asked with no
 * argument before each call, and with `{ rejectedToken }` after a 401.
 */
function tokenSource({ token, tokenProvider }) {
  if ((token === undefined) === (tokenProvider === undefined)) fail("give exactly one of `token` and `tokenProvider`");
  if (tokenProvider !== undefined) {
    if (typeof tokenProvider !== "function") fail("`tokenProvider` must be a function");
    return { refreshable: true, get: async (context) => checkToken(await (context ? tokenProvider(context) : tokenProvider())) };
  }
  const fixed = checkToken(token);
  return { refreshable: false, get: async () => fixed };
}

function checkToken(token) {
  if (typeof token !== "string" || !token.trim() || /[\s\0-\x1f]/.test(token.trim())) {
    fail("the token must be a non-blank string without spaces or control characters");
  }
  return token.trim();
}

/** The allowed origins, as browsers write them in `Origin`. */
function origins(list) {
  if (!Array.isArray(list) || list.length === 0) fail("`allowOrigins` must list at least one origin, e.g. https://parish.example");
  return new Set(
    list.map((origin) => {
      let url;
      try {
        url = new URL(origin);
      } catch {
        fail(`${JSON.stringify(origin)} is not an origin`);
      }
      if (url.origin === "null" || url.href !== `${url.origin}/`) {
        fail(`${JSON.stringify(origin)} is not an origin (scheme, host and port only, e.g. https://parish.example)`);
      }
      return url.origin;
    }),
  );
}

/** `now()` in ms since the epoch. */
function clock(now = Date.now) {
  if (typeof now !== "function") fail("`now` must be a function returning milliseconds since the epoch");
  return () => Number(now());
}

/** `(instant) => "YYYY-MM-DD"`: the calendar day of an instant in the parish's time zone (default: the runtime's). */
function zone(timeZone) {
  if (timeZone !== undefined && typeof timeZone !== "string") fail("`timeZone` must be an IANA name such as America/Chicago");
  try {
    return dayInZone(timeZone);
  } catch {
    fail(`\`timeZone\`: unknown time zone ${JSON.stringify(timeZone)}`);
  }
}

/** An integer option from `min` to `max`, `fallback` when absent. */
function count(name, value, fallback, min, max) {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) fail(`\`${name}\` must be an integer from ${min} to ${max}`);
  return value;
}

/** The most dates `reservedDates` may list. */
const MAX_RESERVED_DATES = 50;

/** The date texts of the parish's own pages (at most 50, each 1 to 100 characters); default none. */
function reservedDates(dates = []) {
  const fine = Array.isArray(dates) && dates.length <= MAX_RESERVED_DATES && dates.every((date) => typeof date === "string" && date.trim() && date.length <= 100);
  if (!fine) fail(`\`reservedDates\` must list at most ${MAX_RESERVED_DATES} date texts of 1 to 100 characters, e.g. ["next Sunday"]`);
  return dates;
}

/** Where the day's upstream calls are counted: `{ take(day, limit), giveBack?(day) }`; default this handler's memory. */
function budgetStore(store = new MemoryBudget()) {
  if (typeof store?.take !== "function") fail("`budgetStore` must be an object with a method take(day, limit)");
  if (store.giveBack !== undefined && typeof store.giveBack !== "function") fail("`budgetStore.giveBack` must be a method giveBack(day), or absent");
  return store;
}

/** `(request) => string | null`: who sent a request, as the platform tells (at most 256 characters kept); default: nobody. */
function clientKey(key = () => null) {
  if (typeof key !== "function") fail("`clientKey` must be a function of the request, e.g. (request) => request.headers.get(\"CF-Connecting-IP\")");
  return (request) => {
    const client = key(request);
    return typeof client === "string" && client ? client.slice(0, 256) : null;
  };
}

function skills(list = WIDGET_SKILLS) {
  if (!Array.isArray(list) || list.length === 0 || !list.every((skill) => WIDGET_SKILLS.includes(skill))) {
    fail(`\`skills\` must list some of ${WIDGET_SKILLS.join(", ")}`);
  }
  return new Set(list);
}

/** The upstream endpoint: https, or http only to this machine (a token never crosses a network in the clear). */
function upstream(endpoint = DEFAULT_UPSTREAM) {
  let url;
  try {
    url = new URL(endpoint);
  } catch {
    fail(`\`upstream\` ${JSON.stringify(endpoint)} is not a URL`);
  }
  if (url.username || url.password) fail("`upstream` must not hold a username or password");
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHostOutsideBrowsers(url.hostname))) {
    fail("`upstream` must be https: (plain http: only to localhost), since the token travels with every call");
  }
  return url.href;
}

function log(sink = (line) => console.log(line)) {
  if (sink !== null && typeof sink !== "function") fail("`log` must be a function taking a line, or null");
  return sink ?? (() => {});
}
