// One stream whose second event is a `data:` line of 4 MiB that never ends,
// read by an `A2AClient` with `maxResponseBytes` of 4 MiB (run by
// stream-hostile.test.mjs as a process of its own, so that its CPU time is
// this read's alone). `fetch` is stubbed to answer from memory, one 1 KiB
// piece each time the reader asks: the pieces stay that small whatever a
// socket would have coalesced. Prints the process's CPU time from the first
// event to the end of the stream, the error it ended with and the pieces read.
import { A2AClient } from "magisterium-a2a/agents";

const PIECE = new TextEncoder().encode("z".repeat(1024));
/** 8 MiB: twice the limit, so that a reader which does not stop there still ends. */
const PIECES = 8192;

let pieces = 0;
globalThis.fetch = async (url, init) => {
  const { id } = JSON.parse(init.body);
  const first = { jsonrpc: "2.0", id, result: { kind: "task", id: "t1", contextId: "c1", status: { state: "working" } } };
  const encoder = new TextEncoder();
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(first)}\n\ndata: `));
    },
    pull(controller) {
      if (pieces === PIECES) return controller.close();
      pieces += 1;
      controller.enqueue(PIECE);
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
};

const client = new A2AClient({ endpoint: "https://agent.example/a2a", maxResponseBytes: 4 * 1024 * 1024 });
const stream = client.sendMessageStream({ parts: [{ kind: "text", text: "endless" }] })[Symbol.asyncIterator]();
const first = await stream.next();
const before = process.cpuUsage();
const outcome = await stream.next().then(
  (next) => ({ next }),
  (error) => ({ code: error.code, message: error.message }),
);
const used = process.cpuUsage(before);
console.log(JSON.stringify({ first: first.value?.kind, ...outcome, cpuMs: (used.user + used.system) / 1000, pieces }));
