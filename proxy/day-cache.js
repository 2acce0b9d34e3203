// The proxy's answers, kept for the rest of the parish's day: one entry per
// key (a skill and a day), fresh while the day it was stored on lasts, kept
// after that as a stale answer for when the upstream refuses with a 429.
// Concurrent misses of one key share one upstream call.

/** An in-memory cache of at most `maxEntries` answers (the oldest stored goes first). */
export class DayCache {
  #entries = new Map();
  #pending = new Map();
  #maxEntries;

  constructor(maxEntries) {
    this.#maxEntries = maxEntries;
  }

  /** The answer stored for `key` on `today`, if any. */
  fresh(key, today) {
    const entry = this.#entries.get(key);
    return entry?.day === today ? entry.value : undefined;
  }

  /** The answer stored for `key` on an earlier day, if any. */
  stale(key) {
    return this.#entries.get(key)?.value;
  }

  /** Keeps `value` for `key` until the end of `today`. */
  store(key, today, value) {
    this.#entries.delete(key);
    this.#entries.set(key, { day: today, value });
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(oldest);
    }
  }

  /**
   * The outcome of `load()` for `key`, started once however many callers ask
   * while it runs: `{ joined }` tells a caller whether it waited on another's call.
   */
  async once(key, load) {
    const running = this.#pending.get(key);
    if (running) return { joined: true, outcome: await running };
    const started = (async () => load())().finally(() => this.#pending.delete(key));
    this.#pending.set(key, started);
    return { joined: false, outcome: await started };
  }
}
