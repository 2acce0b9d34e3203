// The playground's Service Worker: the simulator (the package's simulator/,
// its wasm logic) answering this origin's A2A endpoint, test agent, sign-in
// server, card and /_sim/ controls, and `/demo-config.json` pointing the demo
// page at them. Every other request goes to the static server.
import init, { Options, Simulator } from "./simulator/magisterium_sim.js";

/** The paths the simulator answers (the rest are the static files). */
const SIMULATED = /^\/(api\/v1\/a2a|_sim\/|oauth\/|agent(\/|$)|\.well-known\/(agent\.json|agent-card\.json|oauth-authorization-server)$)/;

/** The simulator with the native defaults (demo-token, realistic rate limits), made on the first request. */
let simulator = null;
function getSimulator() {
  simulator ??= init({ module_or_path: new URL("./simulator/magisterium_sim_bg.wasm", import.meta.url) }).then(
    () => new Simulator(new Options([]), undefined, self.location.host),
  );
  return simulator;
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === "/demo-config.json") {
    const origin = self.location.origin;
    event.respondWith(Response.json({ endpoint: `${origin}/api/v1/a2a`, token: "demo-token", issuer: origin }));
  } else if (SIMULATED.test(url.pathname)) {
    event.respondWith(answer(event.request, url));
  }
});

/** The simulator's answer to `request`, played as a Response. */
async function answer(request, url) {
  const sim = await getSimulator();
  const target = url.pathname + url.search;
  const body = await readBody(request, sim.bodyLimit(url.pathname));
  const headers = [["host", url.host], ...request.headers].flat();
  // The page is this machine's: the controls answer it as a loopback client.
  const answer = sim.handle(request.method, target, headers, body, "127.0.0.1");
  try {
    return await play(answer);
  } finally {
    answer.free();
  }
}

/** The body, or `undefined` when longer than `limit`. */
async function readBody(request, limit) {
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks = [];
  let seen = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    seen += read.value.length;
    if (seen > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(read.value);
  }
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A Response for `answer`. What a Service Worker cannot send is approached:
 * a dropped connection or raw bytes are a network error, and a gzip body is
 * decoded here (the browser decodes no Content-Encoding of a Response made in a worker).
 */
async function play(answer) {
  if (answer.delayMs > 0) await sleep(answer.delayMs);
  const headers = new Headers();
  const list = answer.headers;
  for (let i = 0; i < list.length; i += 2) headers.append(list[i], list[i + 1]);
  const init = { status: answer.status, headers };
  switch (answer.kind) {
    case "drop":
    case "raw":
      return Response.error();
    case "full":
      return new Response([101, 204, 205, 304].includes(answer.status) ? null : answer.bytes(), init);
    case "endless":
      return new Response(endless(answer.bytes(), answer.chunk(), answer.everyMs), init);
    case "gzip": {
      headers.delete("content-encoding");
      const steps = [];
      for (let step = answer.nextGzip(); step !== undefined; step = answer.nextGzip()) steps.push(step);
      return new Response(new Blob(steps).stream().pipeThrough(new DecompressionStream("gzip")), init);
    }
    default:
      return new Response(events(answer.events()), init);
  }
}

/** `head`, then `chunk` every `everyMs` until the page stops reading. */
function endless(head, chunk, everyMs) {
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (started && everyMs > 0) await sleep(everyMs);
      controller.enqueue(started ? chunk : head);
      started = true;
    },
  });
}

/** Each event after its delay, then the end. */
function events(list) {
  return new ReadableStream({
    async start(controller) {
      for (const [delayMs, event] of list) {
        if (delayMs > 0) await sleep(delayMs);
        controller.enqueue(event);
      }
      controller.close();
    },
  });
}
