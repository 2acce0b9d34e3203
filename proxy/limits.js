// What a flood of requests may spend of the parish's quota: a budget of
// upstream calls per parish day for the whole proxy, and a small bucket of
// misses per client where the platform says who the client is. Only a
// request that would start an upstream call spends; a cached answer is free.
import { RPC, rpcError } from "./answers.js";

/**
 * `(request, today) => refusal | null`: null when `request`, a miss with no
 * call for its key running, may call upstream (the call is then counted);
 * else a 429 outcome `{ reason: "budget" | "client", status, retryAfter,
 * error }` (-32003 with `data.retryAfter`, whole seconds). The budget is
 * asked first: once it is spent, no bucket is touched.
 */
export function upstreamGate({ upstreamBudget, clientMisses, clientKey, clock }) {
  const budget = new DailyBudget(upstreamBudget);
  const buckets = new ClientBuckets(clientMisses);
  return (request, today) => {
    if (!budget.allows(today)) return refusal("budget", clock.secondsToTomorrow(), "the parish's upstream calls for today are spent");
    const client = clientKey(request);
    const wait = client === null ? 0 : buckets.take(client, clock.now());
    if (wait) return refusal("client", wait, "too many new questions from this client");
    budget.spend(today);
    return null;
  };
}

function refusal(reason, retryAfter, why) {
  return { reason, status: 429, retryAfter, error: rpcError(RPC.RATE_LIMITED, `Rate limit exceeded: ${why}`, { retryAfter }) };
}

/** A minute, in ms: the buckets' period. */
const MINUTE_MS = 60_000;
/** The most clients whose buckets are remembered at once. */
export const MAX_CLIENTS = 10_000;

/** The upstream calls of a parish day: at most `limit`, counted from 0 each new day. */
export class DailyBudget {
  #limit;
  #day = null;
  #spent = 0;

  constructor(limit) {
    this.#limit = limit;
  }

  /** Whether one more call may be made on `today`. */
  allows(today) {
    return this.#day !== today || this.#spent < this.#limit;
  }

  /** Counts one call made on `today`. */
  spend(today) {
    if (this.#day !== today) {
      this.#day = today;
      this.#spent = 0;
    }
    this.#spent++;
  }
}

/**
 * A token bucket of misses per client: `perMinute` at most, refilled
 * continuously at `perMinute` a minute. A bucket untouched for a minute is
 * full again, so it is forgotten; beyond MAX_CLIENTS buckets, the least
 * recently used is forgotten too, so a flood of client keys holds at most
 * MAX_CLIENTS of them.
 */
export class ClientBuckets {
  #perMinute;
  /** client → `{ tokens, at }`, the least recently used first. */
  #buckets = new Map();

  constructor(perMinute) {
    this.#perMinute = perMinute;
  }

  /** Takes one miss from `client`'s bucket at `now` (ms): 0, or the whole seconds until it has one. */
  take(client, now) {
    const bucket = this.#buckets.get(client);
    this.#buckets.delete(client);
    const elapsed = bucket ? Math.max(0, now - bucket.at) : MINUTE_MS;
    const tokens = Math.min(this.#perMinute, (bucket?.tokens ?? 0) + (elapsed * this.#perMinute) / MINUTE_MS);
    const wait = tokens >= 1 ? 0 : Math.ceil(((1 - tokens) * MINUTE_MS) / this.#perMinute / 1000);
    this.#buckets.set(client, { tokens: wait ? tokens : tokens - 1, at: now });
    this.#forget(now);
    return wait;
  }

  /** Forgets the buckets that are full again, and the least recently used beyond MAX_CLIENTS. */
  #forget(now) {
    for (const [client, bucket] of this.#buckets) {
      if (this.#buckets.size <= MAX_CLIENTS && now - bucket.at < MINUTE_MS) return;
      this.#buckets.delete(client);
    }
  }
}
