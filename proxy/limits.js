// What a flood of requests may spend of the parish's quota: a budget of
// upstream calls per parish day, counted by a budget store (this handler's
// memory by default; one shared by the whole deployment where the platform
// has one, a Durable Object on Workers), a reserve of it that only the
// parish's own keys may spend, a share of it for words that name no day,
// and, where the platform says who the client is, a small bucket of misses
// a minute and an allowance a day per client, in this handler's memory.
// Only a request that would start an upstream call spends; a cached answer
// is free, and a call the service did not answer is given back.
import { RPC, rpcError } from "./answers.js";

/**
 * The checks before an upstream call, in two steps so that a running call is
 * registered before anything is awaited (a second request for its key then
 * joins it, spending nothing). `miss` is `{ own, words }`: whether the key is
 * one of the parish's own (the reserve is theirs) and whether it is words.
 * - `enter(request, today, miss)`, at once: `{ refusal }` (a 429 outcome
 *   `{ reason: "budget" | "words" | "client", status, retryAfter, error }`,
 *   -32003 with `data.retryAfter`, whole seconds) when this handler already
 *   knows the budget open to the key is spent, the words' share is, or the
 *   client's bucket or day's allowance is empty; else `{ client }`, whose
 *   bucket gave one miss (and the words' share one, for words);
 * - `spend(client, today, miss)`: null when the budget store counted one more
 *   call for `today` within the limit open to the key (the whole budget for
 *   the parish's own keys, the budget less the reserve for any other); else
 *   the refusal (a 503 -32603 when the store failed), and what `enter` took
 *   is given back: a spent budget touches no bucket;
 * - `giveBack(client, today, miss)`: a counted call the service did not
 *   answer is given back to the budget store (where it can: `giveBack` is
 *   optional), to the words' share and to the client.
 */
export function upstreamGate({ upstreamBudget, reserve, wordsPerDay, clientMisses, clientDailyMisses, clientKey, clock, budgetStore }) {
  const buckets = new ClientBuckets(clientMisses);
  const allowances = new DailyCounts();
  const words = new DailyCounts();
  /** The day the store last refused, and whether it refused the parish's own keys too: until it ends, no such call asks the store. */
  let spent = { day: null, own: false };
  const toMidnight = (reason, why) => refusal(reason, clock.secondsToTomorrow(), why);
  const budgetSpent = () => toMidnight("budget", "the parish's upstream calls for today are spent");
  const undo = (client, today, miss) => {
    buckets.giveBack(client);
    allowances.giveBack(client, today);
    if (miss.words) words.giveBack(WORDS, today);
  };
  return {
    enter(request, today, miss) {
      if (spent.day === today && (spent.own || !miss.own)) return { refusal: budgetSpent() };
      if (miss.words && !words.take(WORDS, today, wordsPerDay)) {
        return { refusal: toMidnight("words", "the parish's share of questions that name no day is spent for today") };
      }
      const client = clientKey(request);
      if (client !== null && !allowances.take(client, today, clientDailyMisses)) {
        if (miss.words) words.giveBack(WORDS, today);
        return { refusal: toMidnight("client", "this client's new questions for today are spent") };
      }
      const wait = client === null ? 0 : buckets.take(client, clock.now());
      if (wait) {
        allowances.giveBack(client, today);
        if (miss.words) words.giveBack(WORDS, today);
        return { refusal: refusal("client", wait, "too many new questions from this client") };
      }
      return { client };
    },
    async spend(client, today, miss) {
      let counted;
      try {
        counted = (await budgetStore.take(today, miss.own ? upstreamBudget : upstreamBudget - reserve)) === true;
      } catch {
        undo(client, today, miss);
        return { reason: "budget", status: 503, error: rpcError(RPC.INTERNAL_ERROR, "the parish's budget of upstream calls could not be read") };
      }
      if (counted) return null;
      undo(client, today, miss);
      spent = { day: today, own: spent.day === today && spent.own ? true : miss.own };
      return budgetSpent();
    },
    async giveBack(client, today, miss) {
      undo(client, today, miss);
      try {
        await budgetStore.giveBack?.(today);
      } catch {
        // the call stays counted: a store that cannot be reached spends the budget, never more
      }
      if (spent.day === today) spent = { day: null, own: false };
    },
  };
}

/** The words' share's one counter, in a DailyCounts. */
const WORDS = "";

function refusal(reason, retryAfter, why) {
  return { reason, status: 429, retryAfter, error: rpcError(RPC.RATE_LIMITED, `Rate limit exceeded: ${why}`, { retryAfter }) };
}

/**
 * Counts per name on one parish day, from 0 when a later day is asked
 * about: the words' share, and each client's allowance of the day. At most
 * MAX_CLIENTS names are kept; beyond that the least recently counted is
 * forgotten (a stranger with that many addresses is still held by the budget).
 */
export class DailyCounts {
  #day = "";
  #counts = new Map();

  /** Counts one for `name` on `day` if fewer than `limit` were: whether it did. */
  take(name, day, limit) {
    if (day !== this.#day) {
      if (day < this.#day) return false;
      this.#day = day;
      this.#counts.clear();
    }
    const count = this.#counts.get(name) ?? 0;
    if (count >= limit) return false;
    this.#counts.delete(name);
    this.#counts.set(name, count + 1);
    if (this.#counts.size > MAX_CLIENTS) this.#counts.delete(this.#counts.keys().next().value);
    return true;
  }

  /** Gives back one counted for `name` (null: none) on `day`. */
  giveBack(name, day) {
    const count = this.#counts.get(name);
    if (name !== null && day === this.#day && count > 0) this.#counts.set(name, count - 1);
  }
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
