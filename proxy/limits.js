// What a flood of requests may spend of the parish's quota: a budget of
// upstream calls per parish day, counted by a budget store (this handler's
// memory by default; one shared by the whole deployment where the platform
// has one, a Durable Object on Workers), and a small bucket of misses per
// client, in this handler's memory, where the platform says who the client
// is. Only a request that would start an upstream call spends; a cached
// answer is free, and a call the service did not answer is given back.
import { RPC, rpcError } from "./answers.js";

/**
 * The two checks before an upstream call, in two steps so that a running
 * call is registered before anything is awaited (a second request for its
 * key then joins it, spending nothing):
 * - `enter(request, today)`, at once: `{ refusal }` (a 429 outcome
 *   `{ reason: "budget" | "client", status, retryAfter, error }`, -32003 with
 *   `data.retryAfter`, whole seconds) when this handler already knows today's
 *   budget is spent or the client's bucket is empty; else `{ client }`, whose
 *   bucket gave one miss;
 * - `spend(client, today)`: null when the budget store counted one more call
 *   for `today`; else the refusal (a 503 -32603 when the store failed), and
 *   the client's miss is given back: a spent budget touches no bucket;
 * - `giveBack(client, today)`: a counted call the service did not answer is
 *   given back to the budget store (where it can: `giveBack` is optional) and
 *   to the client's bucket.
 */
export function upstreamGate({ upstreamBudget, clientMisses, clientKey, clock, budgetStore }) {
  const buckets = new ClientBuckets(clientMisses);
  /** The day the store last refused: until it ends, no call is asked of the store. */
  let spentOn = null;
  const spent = () => refusal("budget", clock.secondsToTomorrow(), "the parish's upstream calls for today are spent");
  return {
    enter(request, today) {
      if (spentOn === today) return { refusal: spent() };
      const client = clientKey(request);
      const wait = client === null ? 0 : buckets.take(client, clock.now());
      return wait ? { refusal: refusal("client", wait, "too many new questions from this client") } : { client };
    },
    async spend(client, today) {
      let counted;
      try {
        counted = (await budgetStore.take(today, upstreamBudget)) === true;
      } catch {
        buckets.giveBack(client);
        return { reason: "budget", status: 503, error: rpcError(RPC.INTERNAL_ERROR, "the parish's budget of upstream calls could not be read") };
      }
      if (counted) return null;
      buckets.giveBack(client);
      spentOn = today;
      return spent();
    },
    async giveBack(client, today) {
      buckets.giveBack(client);
      try {
        await budgetStore.giveBack?.(today);
      } catch {
        // the call stays counted: a store that cannot be reached spends the budget, never more
      }
      if (spentOn === today) spentOn = null;
    },
  };
}

function refusal(reason, retryAfter, why) {
  return { reason, status: 429, retryAfter, error: rpcError(RPC.RATE_LIMITED, `Rate limit exceeded: ${why}`, { retryAfter }) };
}

/** A minute, in ms: the buckets' period. */
const MINUTE_MS = 60_000;
/** The most clients whose buckets are remembered at once. */
export const MAX_CLIENTS = 10_000;

/**
 * The default budget store (`BudgetStore` in index.d.ts), in this handler's
 * memory: the upstream calls of one parish day, at most `limit`, counted
 * from 0 when a later day is asked about; a call for an earlier day than
 * the one counted is refused (the day is over).
 */
export class MemoryBudget {
  #day = "";
  #spent = 0;

  /** Counts one call on `day` (`YYYY-MM-DD`) if fewer than `limit` were counted on it: whether it did. */
  take(day, limit) {
    if (day < this.#day) return false;
    if (day > this.#day) {
      this.#day = day;
      this.#spent = 0;
    }
    if (this.#spent >= limit) return false;
    this.#spent++;
    return true;
  }

  /** Gives back one call counted on `day` (one the service did not answer), if that day is still counted. */
  giveBack(day) {
    if (day === this.#day && this.#spent > 0) this.#spent--;
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

  /** Gives back the miss `client` (null: none) just took, its call not made. */
  giveBack(client) {
    const bucket = this.#buckets.get(client);
    if (bucket) bucket.tokens = Math.min(this.#perMinute, bucket.tokens + 1);
  }

  /** Forgets the buckets that are full again, and the least recently used beyond MAX_CLIENTS. */
  #forget(now) {
    for (const [client, bucket] of this.#buckets) {
      if (this.#buckets.size <= MAX_CLIENTS && now - bucket.at < MINUTE_MS) return;
      this.#buckets.delete(client);
    }
  }
}
