// The bench's tables, as Markdown: medians with their interquartile range,
// per-round ratios, and the issue's targets next to the measured values.

/** The issue's targets: reported next to the measurements, never asserted. */
const TARGETS = {
  decode: { small: 1.3, large: 1.5, search: 1.3 },
  perCall: 1.05,
  start: 1.5,
  gzipKb: { "magisterium-a2a": 28, "magisterium-a2a/agents": 43.5 },
};

/** `ns` in the unit that suits it, three significant digits. */
function duration(ns) {
  const [value, unit] = ns >= 1e6 ? [ns / 1e6, "ms"] : ns >= 1e3 ? [ns / 1e3, "µs"] : [ns, "ns"];
  return `${value.toPrecision(3)} ${unit}`;
}

/** A ratio with two decimals. */
const ratio = (value) => value.toFixed(2);

/** A median and its interquartile range, formatted by `format`. */
function spread(s, format) {
  return `${format(s.median)} (${format(s.q1)}–${format(s.q3)})`;
}

/** Bytes as KB (1024 bytes, as `cargo xtask build` prints) with the exact count. */
function size(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB (${bytes} B)`;
}

/** `≤ limit: met` or `≤ limit: missed`. */
function target(measured, limit, unit = "") {
  return `≤ ${limit}${unit}: ${measured <= limit ? "met" : "missed"}`;
}

/** A Markdown table. */
function table(header, rows) {
  return [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`);
}

/** One timing row: both sides' medians (IQR) and the per-round ratio. */
function timing(label, m, goal = "—") {
  return [label, spread(m.ours, duration), spread(m.js, duration), spread(m.ratio, ratio), goal];
}

/** The main table: decode, per call (live, then with the stubbed network), start. */
function timings({ decode, calls, stubbed, start }) {
  const rows = decode.map((m) => timing(
    `decode, ${m.name} (${(m.bytes / 1024).toFixed(1)} KB), per call, ${m.rounds}×${m.count} calls/side`,
    m, decodeTarget(m)));
  for (const m of calls) {
    rows.push(timing(`per call, \`${m.name}\` vs simulator, ${m.rounds}×${m.count} calls/side`, m, target(m.ratio.median, TARGETS.perCall)));
  }
  rows.push(timing(`per call, \`${stubbed.name}\`, small answer, network stubbed to answer after ${stubbed.delayMs} ms, ${stubbed.rounds}×${stubbed.count} calls/side`, stubbed));
  const startRow = (entry, client, m, goal) => timing(
    `start of \`${entry}\`, \`import()\` to a usable \`${client}\`, fresh context, ${m.rounds} samples/side; plain JS = \`@a2a-js/sdk\` \`A2AClient\``, m, goal);
  rows.push(startRow("magisterium-a2a", "MagisteriumClient", start.magisterium, target(start.magisterium.ratio.median, TARGETS.start)));
  rows.push(startRow("magisterium-a2a/agents", "A2AClient", start.agents));
  return table(["measure", "magisterium-a2a", "plain JS", "ratio ours / JS", "issue target"], rows);
}

/** The issue's target of a decode row, by the first word of its name. */
function decodeTarget(m) {
  const limit = TARGETS.decode[m.name.split(/[ ,]/)[0]];
  return limit === undefined ? undefined : target(m.ratio.median, limit);
}

/** What the decode rows spend above the replay both sides pay (medians). */
function aboveFloor(decode) {
  return table(["decode, medians", "shared replay floor", "magisterium-a2a above it", "plain JS above it", "ratio above it"],
    decode.map(({ name, ours, js, floor }) => {
      const [o, j] = [ours.median - floor.median, js.median - floor.median];
      return [name, duration(floor.median), duration(o), duration(j), ratio(o / j)];
    }));
}

/** The size table: every entry of every build of ours, up front (and what it loads later), then the anchors. */
function sizes({ targets, anchors }) {
  const rows = targets.map((t) => [
    `\`${t.entry}\`, ${t.name} build${t.lazy ? ` (+ ${size(t.lazy)} of \`agent-protocol.js\` and its \`.wasm\` on a first 1.0 call or stream)` : ""}`,
    t.wasm ? size(t.wasm) : "(in JS)", size(t.js), size(t.wasm + t.js),
    t.name === "web" ? target((t.wasm + t.js) / 1024, TARGETS.gzipKb[t.entry], " KB") : "—"]);
  for (const a of anchors) rows.push([`${a.name} (esbuild --bundle --minify)`, "—", size(a.js), size(a.js), "—"]);
  return table(["gzip size", ".wasm", "JS", "total", "issue target"], rows);
}

/** The Markdown report of one run. */
export function report({ chromium, decode, calls, stubbed, start, sizes: bytes, date }) {
  const started = `Of the start, \`import()\` alone took ${duration(start.magisterium.imported.ours.median)} for \`magisterium-a2a\` and `
    + `${duration(start.agents.imported.ours.median)} for \`magisterium-a2a/agents\` (then \`init()\` fetches, compiles and instantiates `
    + `the entry's .wasm), and ${duration(start.magisterium.imported.js.median)} for \`@a2a-js/sdk\`.`;
  return [
    `Measured ${date.toISOString().slice(0, 10)} by \`cargo xtask bench\` in headless Chromium ${chromium}, on a shared, noisy 2-core machine.`,
    "Each pair was measured in the same run, alternating: the sides take turns in every round and the side that goes first",
    "rotates. Medians over the whole run, interquartile range in brackets; the ratio is the median of the per-round ratios.",
    "",
    ...timings({ decode, calls, stubbed, start }),
    "",
    "Decode replays a recorded body from memory through a stubbed `fetch`; both sides pay the stub, the `Response` and its",
    "`text()` (the floor), so the differences are the clients' own work:",
    "",
    ...aboveFloor(decode),
    "",
    started,
    "",
    ...sizes(bytes),
    "",
  ].join("\n");
}
