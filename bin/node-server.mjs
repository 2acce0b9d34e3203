// The proxy's fetch handler behind Node's own HTTP server: each request
// becomes a WHATWG Request, each Response is written back as it streams.
import { createServer } from "node:http";
import { Readable } from "node:stream";

/**
 * Serves `handler` (`(Request) => Promise<Response>`) on `host`:`port`
 * (0: a free port); resolves with the listening server.
 */
export function serveFetch(handler, host, port) {
  const server = createServer(async (incoming, outgoing) => {
    try {
      const response = await handler(toRequest(incoming));
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) for await (const chunk of response.body) outgoing.write(chunk);
      outgoing.end();
    } catch {
      if (!outgoing.headersSent) outgoing.writeHead(500);
      outgoing.end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** A WHATWG Request for a Node request: its method, path, headers and (streamed) body. */
function toRequest(incoming) {
  const headers = new Headers();
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i], incoming.rawHeaders[i + 1]);
  const hasBody = !["GET", "HEAD"].includes(incoming.method);
  // The handler reads no URL: any path is the endpoint (a web server in front may forward one).
  return new Request(new URL(incoming.url, "http://localhost"), {
    method: incoming.method,
    headers,
    body: hasBody ? Readable.toWeb(incoming) : undefined,
    duplex: "half",
  });
}
