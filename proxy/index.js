/**
 * The parish proxy of magisterium-a2a: a fetch handler that lets the parish
 * widget (or any MagisteriumClient on the parish's pages) read the saints of
 * the day and the Mass readings without a token in the page. It adds the
 * parish's token, keeps each day's answers until the end of that day in the
 * parish's time zone, and refuses everything else. What a stranger can spend
 * of the token's quota is bounded: a budget of upstream calls per parish day,
 * a window of days, and per-client buckets where the platform names clients.
 * Web APIs only: it runs unchanged on Cloudflare Workers, Deno, Bun and Node.
 *
 *     import { createProxy } from "magisterium-a2a/proxy";
 *     export default createProxy({ token, allowOrigins: ["https://parish.example"], timeZone: "America/Chicago" });
 *
 * The options and the behaviour: docs/proxy.md.
 */
import { boundedText } from "../npm/js/transport/bounded-body.js";
import { RPC, corsHeaders, errorAnswer, preflight, resultAnswer, rpcError } from "./answers.js";
import { readConfig } from "./config.js";
import { DayCache } from "./day-cache.js";
import { dayWindow, normalizeQuery, resolveDay, serviceDay } from "./day.js";
import { HoldOff, answered } from "./hold-off.js";
import { upstreamGate } from "./limits.js";
import { ownKeys } from "./reserve.js";
import { upstreamCaller } from "./upstream.js";

export { DEFAULT_UPSTREAM, WIDGET_SKILLS } from "./config.js";

/** The largest request body a visitor may send, in bytes. */
const MAX_BODY_BYTES = 16 * 1024;
/** The longest date text a visitor may send. */
const MAX_DATE_LENGTH = 100;
/** The skill the service runs for a message that names none. */
const DEFAULT_SKILL = "catholic_qa";
/** How many refused origins the log remembers having explained; then it forgets them all and starts again. */
const MAX_EXPLAINED_ORIGINS = 100;

/** A fetch handler `{ fetch(request) }` configured by `config` (see index.d.ts). */
export function createProxy(config) {
  const settings = readConfig(config);
  const inWindow = dayWindow(settings.daysBack, settings.daysAhead);
  // Today's word entries come from today's upstream calls: the budget bounds them.
  const cache = new DayCache(settings.upstreamBudget, inWindow);
  const gate = upstreamGate(settings);
  const holdOff = new HoldOff();
  const isOwn = ownKeys(settings.reservedDates);
  const call = upstreamCaller(settings.upstream, settings.token);
  const explained = new Set();

  /**
   * Logs why `origin` (a header's value, or null) was refused, once per
   * origin: kept as its log word (cut to 100 characters), at most
   * MAX_EXPLAINED_ORIGINS of them.
   */
  function explainRefusal(origin) {
    const word = logValue(origin);
    if (explained.has(word)) return;
    if (explained.size >= MAX_EXPLAINED_ORIGINS) explained.clear();
    explained.add(word);
    const who = origin === null ? "a request without an Origin header" : `origin ${word}`;
    settings.log(`${who} not allowed: the allowed origins are ${[...settings.origins].join(" ")} (said once per origin)`);
  }

  /** The answer to one request; `seen` collects what the log line says. */
  async function answer(request, seen) {
    const origin = request.headers.get("Origin");
    if (!settings.origins.has(origin)) {
      explainRefusal(origin);
      await request.body?.cancel().catch(() => {});
      return errorAnswer(null, 403, rpcError(RPC.INVALID_REQUEST, "this origin may not use the proxy"), corsHeaders(null));
    }
    const headers = corsHeaders(origin);
    if (request.method === "OPTIONS") return preflight(origin);
    const refuse = (id, code, message, status = 200, extra = {}) =>
      errorAnswer(id, status, rpcError(code, message), { ...headers, ...extra });
    if (request.method !== "POST") return refuse(null, RPC.INVALID_REQUEST, "only POST", 405, { Allow: "POST, OPTIONS" });
    const text = await boundedText(request, MAX_BODY_BYTES);
    if (text === null) return refuse(null, RPC.INVALID_REQUEST, `request body too large (limit ${MAX_BODY_BYTES} bytes)`, 413);
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(null, RPC.PARSE_ERROR, "Parse error");
    }
    const id = body?.id;
    const validId = typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
    if (typeof body !== "object" || body === null || Array.isArray(body) || body.jsonrpc !== "2.0" || typeof body.method !== "string" || !validId) {
      return refuse(validId ? id : null, RPC.INVALID_REQUEST, "Invalid request");
    }
    if (body.method !== "message/send") {
      // tasks/get and tasks/cancel too: every visitor's task is made with the one token.
      return refuse(id, RPC.METHOD_NOT_FOUND, "Method not found: the parish proxy forwards message/send only");
    }
    const message = body.params?.message;
    if (typeof message !== "object" || message === null || !Array.isArray(message.parts)) {
      return refuse(id, RPC.INVALID_PARAMS, "Invalid params: params.message with its parts is required");
    }
    const skill = message.metadata?.skillId ?? DEFAULT_SKILL;
    seen.skill = skill;
    if (typeof skill !== "string" || !settings.skills.has(skill)) {
      return refuse(id, RPC.SKILL_NOT_FOUND, `Skill not found: this proxy serves ${[...settings.skills].join(", ")}`);
    }
    const input = dateInput(message.parts);
    if (!input || input.length > MAX_DATE_LENGTH) {
      return refuse(id, RPC.INVALID_PARAMS, `Invalid params: a date of 1 to ${MAX_DATE_LENGTH} characters is required`);
    }
    const today = settings.clock.today();
    const query = normalizeQuery(input);
    const day = resolveDay(query, today);
    if (day === undefined) return refuse(id, RPC.INVALID_PARAMS, `Invalid params: ${query} is not a calendar day`);
    seen.day = day ?? query;
    if (day && !inWindow(day, today)) {
      return refuse(id, RPC.INVALID_PARAMS, `Invalid params: ${day} is not within ${settings.daysBack} days before or ${settings.daysAhead} days after today`);
    }
    // A day is the same for everyone; other words (a feast) are read upstream, keyed by their normalised text, and
    // fresh only on the service's day they were asked: "Christmas" at 19:00 in Chicago on December 25 is its next one.
    const key = day ? `${skill} ${day}` : `${skill} ${query}`;
    const asked = { storedOn: today, serviceDay: serviceDay(settings.clock.now()) };
    const cached = cache.fresh(key, today, asked.serviceDay);
    if (cached) {
      seen.cache = "hit";
      return resultAnswer(id, cached, headers);
    }
    // Nothing is awaited between `running` and `once`: a second request for the key joins this call.
    const running = cache.running(key);
    const held = running ? null : holdOff.refusal(settings.clock.now());
    const miss = { own: isOwn(day, query, today), words: !day };
    const entry = running ? { client: null } : held ? { refusal: held } : gate.enter(request, today, miss);
    if (entry.refusal) {
      seen.cache = entry.refusal.reason;
      return staleOr(id, key, entry.refusal, headers, seen);
    }
    const { joined, outcome } = await cache.once(key, async () => {
      const refusal = await gate.spend(entry.client, today, miss);
      if (refusal) return refusal;
      const outcome = await call(skill, day, query);
      holdOff.record(outcome, settings.clock.now());
      if (!answered(outcome)) await gate.giveBack(entry.client, today, miss);
      if (outcome.cacheable) cache.store(key, day, asked, settings.clock.today(), outcome.result);
      return outcome;
    });
    seen.cache = outcome.reason ?? (joined ? "joined" : "miss");
    if (!joined) seen.upstream = outcome.upstream;
    if (outcome.result) return resultAnswer(id, outcome.result, headers);
    return staleOr(id, key, outcome, headers, seen);
  }

  /** The answer to a failed `outcome` for `key`: on a 429 or a refusal, the stale entry if there is one. */
  function staleOr(id, key, outcome, headers, seen) {
    const stale = outcome.status === 429 || outcome.reason ? cache.stale(key) : undefined;
    if (stale) {
      seen.cache = "stale";
      return resultAnswer(id, stale, headers);
    }
    const retry = outcome.retryAfter === undefined ? {} : { "Retry-After": String(outcome.retryAfter) };
    return errorAnswer(id, outcome.status, outcome.error, { ...headers, ...retry });
  }

  /** Answers one request, and logs it. */
  async function handle(request) {
    const started = performance.now();
    const seen = { skill: null, day: null, cache: "-", upstream: null };
    let response;
    try {
      response = await answer(request, seen);
    } catch {
      const origin = request.headers.get("Origin");
      const headers = corsHeaders(settings.origins.has(origin) ? origin : null);
      response = errorAnswer(null, 500, rpcError(RPC.INTERNAL_ERROR, "the proxy failed"), headers);
    }
    settings.log(logLine(request, seen, response.status, performance.now() - started));
    return response;
  }

  return {
    /** Answers one request (a second argument, as some runtimes pass, is ignored). */
    fetch: (request) => handle(request),
    /** Asks for today's answer of every skill served that is not kept, as the parish's page would (from the reserve): each skill's HTTP status. */
    async prefetch() {
      const [origin] = settings.origins;
      const statuses = {};
      for (const skill of settings.skills) {
        const today = settings.clock.today();
        if (cache.fresh(`${skill} ${today}`, today)) {
          statuses[skill] = 200;
          continue;
        }
        const request = new Request("http://prefetch.invalid/", { method: "POST", headers: { Origin: origin, "Content-Type": "application/json" }, body: todayBody(skill) });
        const response = await handle(request);
        await response.body?.cancel();
        statuses[skill] = response.status;
      }
      return statuses;
    },
  };
}

/** The JSON-RPC request of the parish's own page for today's answer of `skill`. */
function todayBody(skill) {
  const message = { role: "user", kind: "message", messageId: `prefetch-${skill}`, parts: [{ kind: "text", text: "today" }], metadata: { skillId: skill } };
  return JSON.stringify({ jsonrpc: "2.0", id: `prefetch-${skill}`, method: "message/send", params: { message } });
}

/** The date a message asks about: a data part's `date`, else the first text part. */
function dateInput(parts) {
  const data = parts.find((part) => typeof part?.data?.date === "string");
  const text = parts.find((part) => part?.kind === "text" && typeof part.text === "string");
  return (data?.data.date ?? text?.text)?.trim();
}

/** One log line: origin, skill, day, cache, upstream status, status, duration; never the token. */
function logLine(request, seen, status, ms) {
  const fields = {
    method: request.method,
    origin: request.headers.get("Origin"),
    skill: seen.skill,
    day: seen.day,
    cache: seen.cache,
    upstream: seen.upstream,
    status,
    ms: Math.round(ms),
  };
  return Object.entries(fields)
    .map(([name, value]) => `${name}=${logValue(value)}`)
    .join(" ");
}

/** A value as a log word: `-` when absent, quoted when it is not plain (a visitor may send anything). */
function logValue(value) {
  if (value === null || value === undefined) return "-";
  const text = String(value);
  return /^[\w.:/+-]{1,100}$/.test(text) ? text : JSON.stringify(text.slice(0, 100));
}
