// The RFC 8252 loopback redirect of a native app: a listener on 127.0.0.1 on
// a port the system picks, waiting for the browser to come back to
// `/callback`; and the system browser, opened where there is one.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { signInFailed } from "./errors.js";

/** The path the browser is sent back to. */
const CALLBACK_PATH = "/callback";

/**
 * Listens on 127.0.0.1 (a free port): `{ redirectUri, callback, close }`.
 * `callback(signal)` resolves with the first request to `/callback` as
 * `{ url, answer(ok, text) }`; `answer` sends the browser its page.
 */
export async function loopbackListener() {
  const arrived = [];
  const waiting = [];
  const server = createServer((request, response) => {
    if (request.method !== "GET" || new URL(request.url ?? "/", "http://127.0.0.1").pathname !== CALLBACK_PATH) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    const answer = (ok, text) => {
      const page = `<!doctype html><meta charset="utf-8"><title>magisterium-a2a</title><p>${escapeHtml(text)}</p>`;
      response.writeHead(ok ? 200 : 400, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(page);
    };
    const visit = { url: new URL(request.url ?? "/", `http://127.0.0.1:${server.address().port}`).href, answer };
    const next = waiting.shift();
    if (next) next(visit);
    else arrived.push(visit);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const redirectUri = `http://127.0.0.1:${server.address().port}${CALLBACK_PATH}`;
  const callback = (signal) =>
    new Promise((resolve, reject) => {
      if (arrived.length > 0) return resolve(arrived.shift());
      const giveUp = () => reject(signInFailed("no sign-in in time: the browser did not come back"));
      // A signal that ended before this wait (during discovery, say) fires no event.
      if (signal?.aborted) return giveUp();
      waiting.push(resolve);
      signal?.addEventListener("abort", giveUp, { once: true });
    });
  const close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { redirectUri, callback, close };
}

/**
 * Opens `url` in the system browser when there is one (on Linux, only with a
 * display); true when a browser was started.
 */
export function openInBrowser(url) {
  const [command, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["rundll32", ["url.dll,FileProtocolHandler", url]]
        : ["xdg-open", [url]];
  if (process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return false;
  try {
    const child = spawn(command, args, { stdio: "ignore", detached: true });
    child.on("error", () => {}); // no such command: the printed URL is the way
    child.unref();
    return true;
  } catch {
    return false;
  }
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
