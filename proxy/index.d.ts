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
}

/** A standard fetch handler: what Workers, `deno serve` and Bun take as a default export. */
export interface ProxyHandler {
  /** Answers one request; never rejects. */
  fetch(request: Request): Promise<Response>;
}

/** Makes the proxy; a configuration mistake throws a TypeError at once. */
export function createProxy(config: ProxyConfig): ProxyHandler;

/** The service's A2A endpoint, the default `upstream`. */
export const DEFAULT_UPSTREAM: string;

/** The skills forwarded by default: `["saints_of_the_day", "liturgical_readings"]`. */
export const WIDGET_SKILLS: readonly ProxySkill[];
