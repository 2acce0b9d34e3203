// Shared setup of the proxy suite: the simulator (started by `cargo xtask
// test`, given in the environment) and its controls, the requests a widget
// sends, and direct calls that count what the proxy spent of a token's quota.
import assert from "node:assert/strict";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { readFileSync } from "node:fs";
import { createGzip, gzipSync } from "node:zlib";

/** The simulator's A2A endpoint, the proxy's upstream. */
export const endpoint = process.env.MAGISTERIUM_ENDPOINT;
/** The simulator's base URL (its `/_sim/` controls). */
const simulator = process.env.MAGISTERIUM_SIMULATOR;
if (!endpoint || !simulator) {
  throw new Error("MAGISTERIUM_ENDPOINT and MAGISTERIUM_SIMULATOR are not set: run this suite through `cargo xtask test`");
}

/** The site whose pages the proxies under test serve. */
export const PARISH = "https://parish.example";

/** The rate limit that makes the simulator prove a count: 2 calls of the default pool a day. */
export const TWO_A_DAY = "2/86400s";

/** 2026-03-19T10:30:00Z: Friday March 20 in Pacific/Kiritimati (UTC+14), Wednesday March 18 in Pacific/Pago_Pago (UTC−11). */
export const INSTANT = Date.UTC(2026, 2, 19, 10, 30);

const DAY_MS = 86_400_000;

/** `INSTANT` plus `days`. */
export function daysAfter(days) {
  return INSTANT + days * DAY_MS;
}

let counter = 0;

/** A token of its own for one test, registered with the simulator with its own rate limits. */
export async function freshToken(rateDefault = "600/60s") {
  const token = `proxy-${process.pid}-${++counter}-${Math.random().toString(36).slice(2)}`;
  await control("/_sim/tokens", { token, plan: "paid", rateDefault });
  return token;
}

/** Arms a simulator fault for the requests carrying `token`. */
export function fault(token, name, params = {}) {
  return control("/_sim/faults", { fault: name, token, ...params });
}

async function control(path, body) {
  const response = await fetch(simulator + path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
  assert.ok(response.ok, `${path}: HTTP ${response.status} ${await response.text()}`);
}

/** The JSON-RPC body the widget's client sends for `skill` and `date` (a day as `{date}` to the saints). */
export function widgetBody(skill, date, id = 1) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const part = day && skill === "saints_of_the_day" ? { kind: "data", data: { date } } : { kind: "text", text: date };
  const message = { role: "user", kind: "message", messageId: `visitor-${id}`, parts: [part], metadata: { skillId: skill } };
  return JSON.stringify({ jsonrpc: "2.0", id, method: "message/send", params: { message } });
}

/** POSTs `body` to the proxy at `url` as a page of `origin` would; the Response. */
export function post(url, body, origin = PARISH) {
  const headers = { "Content-Type": "application/json" };
  if (origin) headers.Origin = origin;
  return fetch(url, { method: "POST", headers, body });
}

/** A widget request through the proxy: the parsed answer, asserted to be 200 with the visitor's own `id`. */
export async function ask(url, skill, date, id = 1) {
  const response = await post(url, widgetBody(skill, date, id));
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.equal(body.id, id, "each visitor gets its own JSON-RPC id");
  return body;
}

/** The text of the artifact of a task answer. */
export function answerText(body) {
  return body.result.artifacts[0].parts[0].text;
}

/** A call of `token` straight to the simulator: its HTTP status (200, or 429 once the day's quota is spent). */
export async function directCall(token, date = "2026-01-01") {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: widgetBody("saints_of_the_day", date, 1),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Asserts that the proxy made exactly `calls` upstream calls with `token`, of
 * its 2 a day: one more direct call is accepted while the quota lasts, and the
 * first refused one comes right after the quota's end.
 */
export async function assertUpstreamCalls(token, calls) {
  for (let made = calls; made < 2; made++) assert.equal(await directCall(token), 200, `upstream call ${made + 1} of 2 is free`);
  assert.equal(await directCall(token), 429, `the proxy made ${calls} upstream call(s): the quota of 2 is now spent`);
}

/** A loopback URL nothing listens on (a port just freed). */
export async function deadEndpoint() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/api/v1/a2a`;
}

/** The log lines whose fields include every `name=value` of `fields`. */
export function linesWith(lines, fields) {
  return lines.filter((line) => Object.entries(fields).every(([name, value]) => line.split(" ").includes(`${name}=${value}`)));
}

/**
 * An upstream of the test's own: an HTTP server on a free 127.0.0.1 port
 * answering each call with `answer(incoming, outgoing)`.
 * `{ endpoint, stop() }`.
 */
async function upstreamServer(answer) {
  const server = createHttpServer(answer);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}/api/v1/a2a`,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Passes a call's body on to the simulator with its token; the simulator's Response. */
function toSimulator(incoming, body) {
  return fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/json", Authorization: incoming.headers.authorization }, body });
}

/** A request's body, whole, as text. */
async function bodyOf(incoming) {
  const chunks = [];
  for await (const chunk of incoming) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

/**
 * An upstream that counts: passes each call on to the simulator, and keeps
 * what it was sent. `{ endpoint, sent, stop() }`: `sent` lists the date each
 * call asked about (a data part's `date`, else its text), in order.
 */
export async function countingUpstream() {
  const sent = [];
  const server = await upstreamServer(async (incoming, outgoing) => {
    const body = await bodyOf(incoming);
    const [part] = JSON.parse(body).params.message.parts;
    sent.push(part.data?.date ?? part.text);
    const response = await toSimulator(incoming, body);
    const headers = Object.fromEntries(["content-type", "retry-after"].filter((name) => response.headers.has(name)).map((name) => [name, response.headers.get(name)]));
    outgoing.writeHead(response.status, headers);
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  return { ...server, sent };
}

/**
 * An upstream that compresses as HTTP allows: passes each call on to the
 * simulator and gzips the answer when the call's `Accept-Encoding` takes gzip.
 * `{ endpoint, asked, stop() }`: `asked` lists each call's `Accept-Encoding`.
 */
export async function gzippingUpstream() {
  const asked = [];
  const server = await upstreamServer(async (incoming, outgoing) => {
    const accepted = incoming.headers["accept-encoding"] ?? "";
    asked.push(accepted);
    const response = await toSimulator(incoming, await bodyOf(incoming));
    const body = Buffer.from(await response.arrayBuffer());
    const gzip = /\bgzip\b(?!;\s*q=0(\.0*)?\b)/i.test(accepted);
    outgoing.writeHead(response.status, { "Content-Type": "application/json", ...(gzip ? { "Content-Encoding": "gzip" } : {}) });
    outgoing.end(gzip ? gzipSync(body) : body);
  });
  return { ...server, asked };
}

/** How many zero bytes `inflatingUpstream`'s answer inflates to: 256 MiB. */
export const INFLATED_BYTES = 256 << 20;

/** The gzip of INFLATED_BYTES zero bytes (about 255 KB), made once. */
let zeros;
function gzippedZeros() {
  zeros ??= new Promise((resolve, reject) => {
    const gzip = createGzip({ level: 9 });
    const out = [];
    gzip.on("data", (chunk) => out.push(chunk)).on("end", () => resolve(Buffer.concat(out))).on("error", reject);
    const megabyte = Buffer.alloc(1 << 20);
    for (let sent = 0; sent < INFLATED_BYTES; sent += megabyte.length) gzip.write(megabyte);
    gzip.end();
  });
  return zeros;
}

/**
 * A hostile upstream: answers every call, whatever it asked for, with a gzip
 * body of ~255 KB (under every proxy's bound on what it reads) that inflates
 * to INFLATED_BYTES. `{ endpoint, stop() }`.
 */
export async function inflatingUpstream() {
  const body = await gzippedZeros();
  return upstreamServer((incoming, outgoing) => {
    incoming.resume();
    outgoing.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip", "Content-Length": body.length });
    outgoing.end(body);
  });
}

/**
 * The most memory `pid` and its child processes have held at once (their
 * largest `VmHWM`, in bytes; Linux). A php -S with workers serves in its children.
 */
export function peakMemory(pid) {
  const status = (id) => readFileSync(`/proc/${id}/status`, "utf8");
  const peak = (id) => Number(/^VmHWM:\s+(\d+) kB/m.exec(status(id))?.[1] ?? 0) * 1024;
  const children = (id) => {
    try {
      return readFileSync(`/proc/${id}/task/${id}/children`, "utf8").split(" ").filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]));
  return Math.max(...all.map((id) => {
    try {
      return peak(id);
    } catch {
      return 0;
    }
  }));
}
