// A plain static server of a folder, as `python3 -m http.server` or a
// project's dev server would be: what the page tests serve files with when
// the page must come from nothing of ours.
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json", ".png": "image/png" };

/** Serves `folder` (a path ending in `/`) on a free loopback port; answers the listening server (close it when done). */
export async function serveStatic(folder) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const file = normalize(join(folder, path.endsWith("/") ? `${path}index.html` : path));
    try {
      if (!file.startsWith(folder)) throw new Error("outside the folder");
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return server;
}
