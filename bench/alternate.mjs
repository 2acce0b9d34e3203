// A/B measurement: the sides take turns within every round and the side that
// goes first rotates from round to round, so the slow phases of a noisy
// machine fall on every side alike. Used in the page (batches of runs) and by
// the driver (start samples, one fresh page each).

import { pairedRatio, summary } from "./stats.mjs";

/**
 * Takes one sample of every sampler (name → async function answering a
 * number) per round, for `rounds` rounds, rotating the order. Answers each
 * side's summary, and `ratio`: the summary of the per-round ratios ours/js.
 */
export async function alternate(samplers, rounds) {
  const names = Object.keys(samplers);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length];
      samples[name].push(await samplers[name]());
    }
  }
  const out = { rounds, ratio: pairedRatio(samples.ours, samples.js) };
  for (const name of names) out[name] = summary(samples[name]);
  return out;
}

/** Samplers timing `count` sequential awaited runs of each op (name → async function), in ns per run. */
export function batches(ops, count) {
  const time = async (op) => {
    const start = performance.now();
    for (let i = 0; i < count; i++) await op();
    return ((performance.now() - start) * 1e6) / count;
  };
  return Object.fromEntries(Object.entries(ops).map(([name, op]) => [name, () => time(op)]));
}

/** How many sequential runs of `op` take about `ms` (at least one), found by running it for `ms`. */
export async function runsIn(op, ms) {
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    await op();
    runs++;
  }
  return Math.max(1, runs);
}
