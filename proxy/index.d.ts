/**
 * magisterium-a2a/proxy — the parish proxy: a standard fetch handler that lets
 * the parish widget read the saints of the day and the Mass readings without a
 * token in the page. Web APIs only (Cloudflare Workers, Deno, Bun, Node).
 */

/** The skills the proxy can forward: those of the parish widget. */
export type ProxySkill = "saints_of_the_day" | "liturgical_readings";

/** What `createProxy` takes. Exactly one of `token` and `tokenProvider`. */
export type ProxyConfig = ProxyOptions & (
  | {
      /** The Bearer token the proxy adds to every upstream call. */
      token: string;
      tokenProvider?: undefined;
    }
  | {
      token?: undefined;
      /** Asked before every upstream call with no argument; after a 401 once more, with the refused token, and the call retried once. */
      tokenProvider: (context?: { rejectedToken: string }) => string | Promise<string>;
    }
);

/** The options of `createProxy` besides the token. */
export interface ProxyOptions {
  /** The origins whose pages may call the proxy, e.g. `["https://parish.example"]`; every other origin gets a 403. */
  allowOrigins: readonly string[];
  /** The parish's IANA time zone, e.g. `"America/Chicago"`: what `today` means. Default: the runtime's (UTC on Cloudflare Workers). */
  timeZone?: string | undefined;
  /** The skills forwarded; default both. */
  skills?: readonly ProxySkill[] | undefined;
  /** The A2A endpoint called; default `https://www.magisterium.com/api/v1/a2a` (plain `http:` only to localhost). */
  upstream?: string | undefined;
  /** Where each request's log line goes; default `console.log`; `null`: nowhere. */
  log?: ((line: string) => void) | null | undefined;
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
  /** The most upstream calls in a parish day (1 to 100 000); default 100. Once spent, only cached answers are served until the parish's midnight. */
  upstreamBudget?: number | undefined;
  /**
   * The calls of `upstreamBudget` only the parish's own keys may spend (0 to `upstreamBudget`); default a fifth. Its own keys:
   * yesterday, today and tomorrow (a visitor's today, whatever the time zone) for every skill served, and `reservedDates`. Every
   * other day, and words that name no day, spend only the rest: a stranger cannot leave the parish's page without today's answers.
   */
  reserve?: number | undefined;
  /** The date texts the parish's own pages ask for besides today (e.g. `["next Sunday"]`, at most 50), which may spend the reserve too; default none. */
  reservedDates?: readonly string[] | undefined;
  /** Of the calls beyond the reserve, how many words that name no day (`"Christmas"`) may spend a parish day (0 to 100 000); default 10. */
  wordsPerDay?: number | undefined;
  /**
   * Where the day's upstream calls are counted against `upstreamBudget`; default this handler's memory (one process).
   * Where a platform runs the handler in many isolates (Cloudflare Workers), a store they all share makes the budget
   * hold for the whole deployment: the Workers recipe's is a Durable Object. Asked once per upstream call, never for a cached answer.
   */
  budgetStore?: BudgetStore | undefined;
  /** How many days before the parish's today a date may name (0 to 3660); default 31. Earlier ones are refused (-32602) without an upstream call. */
  daysBack?: number | undefined;
  /** How many days after the parish's today a date may name (0 to 3660); default 366. Later ones are refused (-32602) without an upstream call. */
  daysAhead?: number | undefined;
  /**
   * Who sent a request, as the platform tells (e.g. `request.headers.get("CF-Connecting-IP")` on Cloudflare):
   * each such client may make `clientMisses` uncached requests a minute. `null`, `undefined` or `""`: no per-client limit
   * for that request. Default: no per-client limits.
   */
  clientKey?: ((request: Request) => string | null | undefined) | undefined;
  /** The uncached requests a client (per `clientKey`) may make a minute (1 to 10 000); default 20. Cached answers are always served. */
  clientMisses?: number | undefined;
  /** The uncached requests a client (per `clientKey`) may make a parish day (1 to 100 000); default 50. */
  clientDailyMisses?: number | undefined;
}

/** A counter of upstream calls per parish day, shared by every handler that should share one budget. */
export interface BudgetStore {
  /**
   * Counts one upstream call on `day` (the parish's `YYYY-MM-DD`) if fewer than `limit` were counted on that day, atomically
   * for all who share the store; resolves `true` when it counted (the call may be made), else `false`. A later `day` starts
   * from 0; an earlier one than the store's latest may be refused. A rejection refuses the call (HTTP 503, or a stale answer).
   */
  take(day: string, limit: number): boolean | Promise<boolean>;
  /**
   * Gives back one call counted on `day` whose upstream call the service did not answer (no answer, a 5xx, a 401 or 403,
   * a 429): only answered calls count against the budget. Optional: without it such calls stay counted. A rejection is
   * ignored (the call stays counted).
   */
  giveBack?(day: string): void | Promise<void>;
}

/** A standard fetch handler: what Workers, `deno serve` and Bun take as a default export. */
export interface ProxyHandler {
  /** Answers one request; never rejects. */
  fetch(request: Request): Promise<Response>;
  /**
   * Asks for today's answer of every skill served that is not kept yet, as the parish's own page would (a miss spends from
   * the reserve and is logged; a kept answer costs nothing and is not), so that the day's first visitor finds it kept: call
   * it soon after the parish's midnight (the command does every 5 minutes; the Workers recipe's Cron Trigger once a day).
   * Resolves each skill's HTTP status (200 when kept or answered); never rejects.
   */
  prefetch(): Promise<Partial<Record<ProxySkill, number>>>;
}

/** Makes the proxy; a configuration mistake throws a TypeError at once. */
export function createProxy(config: ProxyConfig): ProxyHandler;

/** The service's A2A endpoint, the default `upstream`. */
export const DEFAULT_UPSTREAM: string;

/** The skills forwarded by default: `["saints_of_the_day", "liturgical_readings"]`. */
export const WIDGET_SKILLS: readonly ProxySkill[];
