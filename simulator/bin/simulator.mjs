// `magisterium-a2a-simulator` (the npm package of that name, `bin/simulator.mjs`
// there): the local simulator of the A2A endpoint (the simulator crate's logic,
// built for wasm32) on Node's HTTP server, with the native `magisterium-sim`'s
// flags. The first stdout line is `listening on http://HOST:PORT`. SIGINT or
// SIGTERM stops it. The package exports this module as
// `magisterium-a2a-simulator/command`, which `npx magisterium-a2a simulator` runs.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
// The one copy of the wasm build, inside the playground, whose Service Worker loads it from its own folder.
import { Options, Simulator, initSync } from "../playground/simulator/magisterium_sim.js";

/** Bytes read (and dropped) from a request body over its limit before answering; past this the connection is closed. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** Runs the simulator until a signal stops it; resolves with the exit code. */
export async function run(args) {
  initSync({ module: readFileSync(new URL("../playground/simulator/magisterium_sim_bg.wasm", import.meta.url)) });
  let options;
  try {
    options = new Options(args);
  } catch (error) {
    // clap's text: the help (exit code 0) or a usage error.
    (error.exitCode === 0 ? console.log : console.error)(String(error.message).trimEnd());
    return error.exitCode ?? 2;
  }
  const file = options.faultsFile;
  let faults;
  if (file !== undefined) {
    try {
      faults = readFileSync(file, "utf8");
    } catch (error) {
      console.error(`magisterium-a2a-simulator: cannot read ${file}: ${error.message}`);
      return 1;
    }
  }
  const stopping = new AbortController();
  // Listening for the signals before the first line: a caller may send one as soon as it reads it.
  const stopped = new Promise((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, resolve);
  });
  let simulator;
  const server = createServer((request, response) => {
    serve(simulator, request, response, stopping.signal).catch(() => request.socket.destroy());
  });
  try {
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port, options.host, resolve);
    });
    const { address, port } = server.address();
    const host = address.includes(":") ? `[${address}]` : address;
    simulator = new Simulator(options, faults, `${host}:${port}`);
    console.log(`listening on http://${host}:${port}`);
  } catch (error) {
    server.close();
    console.error(`magisterium-a2a-simulator: ${error.message}`);
    return 1;
  }
  await stopped;
  stopping.abort();
  server.close();
  server.closeAllConnections();
  return 0;
}

/** Reads the request's body up to the limit of its path, lets the simulator answer and plays the answer. */
async function serve(simulator, request, response, stopping) {
  const closed = new AbortController();
  response.once("close", () => closed.abort());
  const signal = AbortSignal.any([stopping, closed.signal]);
  const path = request.url.split("?")[0];
  const body = await readBody(request, simulator.bodyLimit(path));
  if (body === null) return;
  let answer;
  try {
    answer = simulator.handle(request.method, request.url, request.rawHeaders, body, request.socket.remoteAddress ?? "");
  } catch {
    response.writeHead(400).end();
    return;
  }
  try {
    await play(answer, request, response, signal);
  } finally {
    answer.free();
  }
  // A body left unread past DRAIN_LIMIT: the connection ends with the answer.
  if (!request.complete) request.socket.end();
}

/**
 * The body, at most `limit` bytes: a Uint8Array, `undefined` when larger (drained up to
 * DRAIN_LIMIT, so the client reads the 413), `null` when the connection failed or was closed.
 */
function readBody(request, limit) {
  return new Promise((resolve) => {
    const chunks = [];
    let seen = 0;
    request.on("data", (chunk) => {
      seen += chunk.length;
      if (seen <= limit) chunks.push(chunk);
      else if (seen > DRAIN_LIMIT) {
        request.pause();
        request.removeAllListeners("data");
        resolve(undefined);
      }
    });
    request.once("end", () => resolve(seen > limit ? undefined : new Uint8Array(Buffer.concat(chunks))));
    request.once("error", () => resolve(null));
  });
}

/** Sends `answer` as the simulator described it; stops when `signal` aborts (the client left, or the server stops). */
async function play(answer, request, response, signal) {
  if (answer.delayMs > 0) await sleep(answer.delayMs, undefined, { signal });
  const kind = answer.kind;
  if (kind === "drop") {
    request.socket.destroy();
    return;
  }
  if (kind === "raw") {
    request.socket.end(answer.bytes());
    return;
  }
  const headers = answer.headers;
  if (kind === "full") {
    const bytes = answer.bytes();
    const status = answer.status;
    if (status !== 204 && status !== 304) headers.push("Content-Length", String(bytes.length));
    response.writeHead(status, headers);
    response.end(bytes);
    return;
  }
  response.writeHead(answer.status, headers);
  if (kind === "endless") {
    await write(response, answer.bytes());
    const chunk = answer.chunk();
    while (!signal.aborted) {
      await write(response, chunk);
      if (answer.everyMs > 0) await sleep(answer.everyMs, undefined, { signal });
    }
    return;
  }
  if (kind === "gzip") {
    for (let step = answer.nextGzip(); step !== undefined && !signal.aborted; step = answer.nextGzip()) {
      await write(response, step);
    }
  } else {
    for (const [delayMs, event] of answer.events()) {
      if (delayMs > 0) await sleep(delayMs, undefined, { signal });
      await write(response, event);
    }
  }
  response.end();
}

/** Writes `bytes`, waiting until the client has read what was queued. */
function write(response, bytes) {
  if (response.write(bytes)) return Promise.resolve();
  return new Promise((resolve) => {
    response.once("drain", resolve);
    response.once("close", resolve);
  });
}
