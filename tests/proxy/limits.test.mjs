// The proxy's bounded tables, from its source: the per-client buckets (at
// most MAX_CLIENTS remembered, whatever a flood of client keys), the day
// entries the cache drops once their day has left the window, and the
// default budget store's count of a day's calls.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DayCache } from "../../proxy/day-cache.js";
import { dayWindow } from "../../proxy/day.js";
import { ClientBuckets, DailyCounts, MAX_CLIENTS, MemoryBudget } from "../../proxy/limits.js";

/** A bucket of 20 a minute for "spent", all 20 taken at time 0 (the 21st waits 3 s), then `others` other clients at time 0. */
function spentThenFlooded(others) {
  const buckets = new ClientBuckets(20);
  for (let i = 0; i < 20; i++) assert.equal(buckets.take("spent", 0), 0);
  assert.equal(buckets.take("spent", 0), 3, "20 a minute: one every 3 seconds");
  for (let i = 0; i < others; i++) assert.equal(buckets.take(`client-${i}`, 0), 0, "a new client has a full bucket");
  return buckets;
}

test("the per-client table remembers at most MAX_CLIENTS buckets: beyond, the least recently used is forgotten", () => {
  assert.equal(MAX_CLIENTS, 10_000);
  assert.equal(spentThenFlooded(MAX_CLIENTS - 1).take("spent", 0), 3, "MAX_CLIENTS buckets: all remembered");
  assert.equal(spentThenFlooded(MAX_CLIENTS).take("spent", 0), 0, "one more: the least recently used is forgotten");
  const refilling = spentThenFlooded(0);
  assert.equal(refilling.take("spent", 1500), 2, "half a miss refilled in 1.5 s: 1.5 s more, rounded up");
  assert.equal(refilling.take("spent", 3000), 0, "one refilled in 3 s");
});

test("a day's entry is dropped once its day has left the window; a stale word entry goes when a new one needs its place", () => {
  const cache = new DayCache(2, dayWindow(31, 366));
  cache.store("saints 2026-02-16", "2026-02-16", { storedOn: "2026-03-19", serviceDay: "2026-03-19" }, "2026-03-19", "a month ago");
  cache.store("saints 2026-03-19", "2026-03-19", { storedOn: "2026-03-19", serviceDay: "2026-03-19" }, "2026-03-19", "today");
  cache.store("saints feast 1", null, { storedOn: "2026-03-19", serviceDay: "2026-03-19" }, "2026-03-19", "feast 1");
  cache.store("saints feast 2", null, { storedOn: "2026-03-19", serviceDay: "2026-03-19" }, "2026-03-19", "feast 2");
  assert.equal(cache.fresh("saints 2026-02-16", "2026-03-19"), "a month ago");
  cache.store("saints feast 3", null, { storedOn: "2026-03-20", serviceDay: "2026-03-20" }, "2026-03-20", "feast 3");
  assert.equal(cache.stale("saints 2026-02-16"), undefined, "32 days before March 20: dropped");
  assert.equal(cache.stale("saints 2026-03-19"), "today", "yesterday's day stays, stale");
  assert.equal(cache.stale("saints feast 1"), undefined, "the oldest stale word entry made room");
  assert.equal(cache.stale("saints feast 2"), "feast 2");
  assert.equal(cache.fresh("saints feast 3", "2026-03-20", "2026-03-20"), "feast 3");
  assert.equal(cache.fresh("saints feast 3", "2026-03-20", "2026-03-21"), undefined, "words are fresh only on the service's day they were asked");
  cache.store("saints 2026-02-15", "2026-02-15", { storedOn: "2026-03-19", serviceDay: "2026-03-19" }, "2026-03-20", "late");
  assert.equal(cache.stale("saints 2026-02-15"), undefined, "a call that ends after its day left the window is not kept");
});

test("the default budget store counts at most the limit of calls a day, from 0 on a later day, and refuses an earlier day", () => {
  const budget = new MemoryBudget();
  const takes = (day, limit, times) => Array.from({ length: times }, () => budget.take(day, limit));
  assert.deepEqual(takes("2026-03-19", 2, 3), [true, true, false]);
  assert.deepEqual(takes("2026-03-20", 2, 3), [true, true, false], "a new day starts from 0");
  assert.equal(budget.take("2026-03-19", 2), false, "a day that is over");
  assert.equal(budget.take("2026-03-20", 3), true, "the limit is the caller's");
  budget.giveBack("2026-03-19");
  assert.equal(budget.take("2026-03-20", 3), false, "a day that is over gives nothing back");
  budget.giveBack("2026-03-20");
  assert.deepEqual(takes("2026-03-20", 3, 2), [true, false], "a call given back may be made again, once");
});

test("daily counts (the words' share, each client's day) count to their limit, give back, start from 0 on a later day, and keep at most MAX_CLIENTS names", () => {
  const counts = new DailyCounts();
  assert.deepEqual([1, 2, 3].map(() => counts.take("a", "2026-03-19", 2)), [true, true, false]);
  counts.giveBack("a", "2026-03-19");
  assert.equal(counts.take("a", "2026-03-19", 2), true, "given back: one more");
  assert.equal(counts.take("b", "2026-03-19", 2), true, "each name its own");
  assert.equal(counts.take("a", "2026-03-20", 2), true, "a later day starts from 0");
  assert.equal(counts.take("a", "2026-03-19", 2), false, "an earlier day is over");
  for (let i = 0; i <= MAX_CLIENTS; i++) counts.take(`c${i}`, "2026-03-20", 1);
  assert.equal(counts.take("a", "2026-03-20", 1), true, "a (counted once, limit 1) was the least recently counted: forgotten beyond MAX_CLIENTS");
});
