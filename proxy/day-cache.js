// The proxy's answers, kept for the rest of the parish's day: one entry per
// key, fresh while the day it was stored on lasts, kept after that as a stale
// answer for when no upstream call can be made. Concurrent misses of one key
// share one upstream call.
//
// Two kinds of entry, each bounded on its own (docs/proxy.md, "The cache"):
// - a calendar day's (a skill and a day): kept while the day is inside the
//   window of days the proxy serves, then dropped; never evicted by another
//   key, so there are at most (days in the window) × (skills) of them;
// - words' (a skill and words that name no day here): at most `maxWords`, the
//   number of upstream calls a day may make, so today's (fresh) word entries
//   always fit; a new one evicts the oldest stale one.

/** An in-memory cache of answers by day and by words. */
export class DayCache {
  #days = new Map();
  #words = new Map();
  #pending = new Map();
  #maxWords;
  #inWindow;
  #sweptOn = null;

  /**
   * `maxWords`: the most word entries kept; `inWindow(day, today)`: whether a
   * day's entry may still be asked for on `today`.
   */
  constructor(maxWords, inWindow) {
    this.#maxWords = maxWords;
    this.#inWindow = inWindow;
  }

  /**
   * The answer stored for `key` on `today`, if any; a words entry only while
   * `serviceDay` is the one it was stored on too (the service reads words from its own today).
   */
  fresh(key, today, serviceDay) {
    const entry = this.#entry(key);
    return entry?.storedOn === today && (entry.day || entry.serviceDay === serviceDay) ? entry.value : undefined;
  }

  /** The answer stored for `key` on an earlier day, if any. */
  stale(key) {
    return this.#entry(key)?.value;
  }

  /**
   * Keeps `value` for `key` (of calendar `day`, or of words when `day` is
   * null), stored on `storedOn` (the parish's day its call began; for words,
   * the service's was `serviceDay`), fresh until that day ends. `today` is the
   * parish's day now: entries of days that have left its window are dropped
   * first, and a day outside it is not kept.
   */
  store(key, day, { storedOn, serviceDay }, today, value) {
    this.#sweep(today);
    const entries = day ? this.#days : this.#words;
    if (day && !this.#inWindow(day, today)) return;
    entries.delete(key);
    entries.set(key, { storedOn, serviceDay, day, value });
    if (this.#words.size > this.#maxWords) this.#evictWord(today);
  }

  /** Whether an upstream call for `key` is running (a request for it would join that call). */
  running(key) {
    return this.#pending.has(key);
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

  #entry(key) {
    return this.#days.get(key) ?? this.#words.get(key);
  }

  /** Once a day: drops the entries of days no request may ask for any more. */
  #sweep(today) {
    if (this.#sweptOn === today) return;
    this.#sweptOn = today;
    for (const [key, entry] of this.#days) {
      if (!this.#inWindow(entry.day, today)) this.#days.delete(key);
    }
  }

  /**
   * Evicts the oldest stored stale word entry. There is one: each fresh entry
   * was stored by one of today's upstream calls, which are at most `maxWords`.
   */
  #evictWord(today) {
    for (const [key, entry] of this.#words) {
      if (entry.storedOn !== today) {
        this.#words.delete(key);
        return;
      }
    }
  }
}
