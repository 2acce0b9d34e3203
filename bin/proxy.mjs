// `magisterium-a2a proxy`: the parish proxy (magisterium-a2a/proxy) on
// Node's HTTP server. The first stdout line is `listening on http://HOST:PORT`;
// then one line per request. SIGINT or SIGTERM stops it.
import { parseArgs } from "node:util";
import { DEFAULT_UPSTREAM, WIDGET_SKILLS, createProxy } from "../proxy/index.js";
import { serveFetch } from "./node-server.mjs";
import { tokenConfig } from "./token-source.mjs";

/** The command's line in `magisterium-a2a --help`. */
export const summary = "run the parish proxy on Node: the widget's endpoint, holding the token";

const USAGE = `usage: magisterium-a2a proxy --allow-origin ORIGIN [options]

  --listen HOST:PORT     where to listen (default 127.0.0.1:8080; port 0 picks a free one)
  --allow-origin ORIGIN  a site whose pages may call it, e.g. https://parish.example (repeatable)
  --time-zone ZONE       the parish's IANA time zone, e.g. America/Chicago (default: this machine's)
  --skills LIST          comma-separated, some of ${WIDGET_SKILLS.join(",")} (default: both)
  --upstream URL         the A2A endpoint (default ${DEFAULT_UPSTREAM})
  --upstream-budget N    the most upstream calls in a parish day (default 100); then only cached answers
  --days-back N          the earliest day a visitor may ask for, in days before today (default 31)
  --days-ahead N         the latest day a visitor may ask for, in days after today (default 366)
  --client-key-header NAME  a header naming the client that the web server in front sets, overwriting
                         the visitor's (e.g. X-Real-IP); each client then gets --client-misses
                         uncached requests a minute (default: no per-client limit)
  --client-misses N      the uncached requests a client may make a minute (default 20)
  --client-daily-misses N  the uncached requests a client may make a parish day (default 50)
  --reserve N            the calls of the budget only the parish's own days may spend: yesterday,
                         today, tomorrow and each --reserved-date (default a fifth of the budget)
  --reserved-date TEXT   a date the parish's pages ask for, e.g. "next Sunday" (repeatable)
  --words-per-day N      the calls words that name no day may spend a parish day (default 10)

Every 5 minutes it fetches today's answers if they are not kept yet (free when
they are), so that the day's first visitor after midnight finds them.

The token: MAGISTERIUM_TOKEN in the environment, else the sign-in that
\`npx magisterium-a2a login\` saved (refreshed as it expires).`;

const OPTIONS = {
  listen: { type: "string", default: "127.0.0.1:8080" },
  "allow-origin": { type: "string", multiple: true },
  "time-zone": { type: "string" },
  skills: { type: "string" },
  upstream: { type: "string" },
  "upstream-budget": { type: "string" },
  "days-back": { type: "string" },
  "days-ahead": { type: "string" },
  "client-key-header": { type: "string" },
  "client-misses": { type: "string" },
  "client-daily-misses": { type: "string" },
  reserve: { type: "string" },
  "reserved-date": { type: "string", multiple: true },
  "words-per-day": { type: "string" },
  help: { type: "boolean", short: "h" },
};

/** The flag that sets each createProxy option, so an error names what the user typed. */
const FLAGS = {
  allowOrigins: "allow-origin",
  timeZone: "time-zone",
  skills: "skills",
  upstream: "upstream",
  upstreamBudget: "upstream-budget",
  daysBack: "days-back",
  daysAhead: "days-ahead",
  clientMisses: "client-misses",
  clientDailyMisses: "client-daily-misses",
  reserve: "reserve",
  reservedDates: "reserved-date",
  wordsPerDay: "words-per-day",
};

/** The options whose value is a count. */
const COUNTS = ["upstreamBudget", "daysBack", "daysAhead", "clientMisses", "clientDailyMisses", "reserve", "wordsPerDay"];

/** How often the command makes sure today's answers are kept. */
const PREFETCH_EVERY_MS = 5 * 60_000;

/** Runs the proxy until a signal stops it; resolves with the exit code. */
export async function run(args) {
  let options;
  try {
    options = parseArgs({ args, options: OPTIONS, strict: true }).values;
  } catch (error) {
    return usage(error.message);
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const address = /^(\[[0-9A-Fa-f:.]+\]|[^:\s[\]]+):(\d{1,5})$/.exec(options.listen);
  if (!address || Number(address[2]) > 65535) return usage(`--listen ${options.listen}: expected HOST:PORT`);
  const counts = {};
  for (const option of COUNTS) {
    const flag = FLAGS[option];
    const value = options[flag];
    if (value === undefined) continue;
    if (!/^\d{1,9}$/.test(value)) return usage(`--${flag} ${value}: expected a whole number`);
    counts[option] = Number(value);
  }
  if (!options["allow-origin"]) return usage("--allow-origin is required: the site whose pages call the proxy, e.g. --allow-origin https://parish.example");
  const header = options["client-key-header"];
  if (header !== undefined && !/^[A-Za-z0-9-]{1,100}$/.test(header)) return usage(`--client-key-header ${header}: expected a header name`);
  const token = await tokenConfig(process.env);
  if (!token) {
    console.error("magisterium-a2a proxy: no token: set MAGISTERIUM_TOKEN, or sign in with `npx magisterium-a2a login`");
    return 1;
  }
  let proxy;
  try {
    proxy = createProxy({
      ...token,
      allowOrigins: options["allow-origin"],
      timeZone: options["time-zone"],
      skills: options.skills?.split(",").map((skill) => skill.trim()),
      upstream: options.upstream,
      reservedDates: options["reserved-date"],
      ...counts,
      clientKey: header && ((request) => request.headers.get(header)),
    });
  } catch (error) {
    // createProxy names its options (`allowOrigins`): the user typed flags.
    const reason = error.message.replace(/^magisterium-a2a\/proxy: /, "");
    return usage(reason.replace(/`(\w+)`/g, (quoted, option) => (Object.hasOwn(FLAGS, option) ? `--${FLAGS[option]}` : quoted)));
  }
  const host = address[1].replace(/^\[(.*)\]$/, "$1");
  let server;
  try {
    server = await serveFetch(proxy.fetch, host, Number(address[2]));
  } catch (error) {
    console.error(`magisterium-a2a proxy: cannot listen on ${options.listen}: ${error.message}`);
    return 1;
  }
  const { port } = server.address();
  console.log(`listening on http://${host.includes(":") ? `[${host}]` : host}:${port}`);
  const prefetching = setInterval(() => proxy.prefetch(), PREFETCH_EVERY_MS);
  prefetching.unref();
  return new Promise((resolve) => {
    const stop = () => {
      clearInterval(prefetching);
      server.close(() => resolve(0));
      server.closeAllConnections();
    };
    // `on`, not `once`: the login file's lock library (proper-lockfile, through signal-exit) kills the
    // process again with the signal when it finds no other listener left, so ours stays registered.
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** A usage error: the reason and the usage on stderr, exit code 2. */
function usage(reason) {
  console.error(`magisterium-a2a proxy: ${reason}\n\n${USAGE}`);
  return 2;
}
