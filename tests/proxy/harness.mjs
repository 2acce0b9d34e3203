// Shared setup of the proxy suite: the simulator (started by `cargo xtask
// test`, given in the environment) and its controls, the requests a widget
// sends, and direct calls that count what the proxy spent of a token's quota.
import assert from "node:assert/strict";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";

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
 * An upstream that counts: an HTTP server on a free 127.0.0.1 port passing
 * each call on to the simulator, and keeping what it was sent.
 * `{ endpoint, sent, stop() }`: `sent` lists the date each call asked
 * about (a data part's `date`, else its text), in order.
 */
export async function countingUpstream() {
  const sent = [];
  const server = createHttpServer(async (incoming, outgoing) => {
    const chunks = [];
    for await (const chunk of incoming) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString();
    const [part] = JSON.parse(body).params.message.parts;
    sent.push(part.data?.date ?? part.text);
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: incoming.headers.authorization },
      body,
    });
    const headers = Object.fromEntries(["content-type", "retry-after"].filter((name) => response.headers.has(name)).map((name) => [name, response.headers.get(name)]));
    outgoing.writeHead(response.status, headers);
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}/api/v1/a2a`,
    sent,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
