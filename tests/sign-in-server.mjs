// The sign-in suites' authorization server: a simulator of a test's own,
// started with the flags the test needs (`--auto-approve`,
// `--access-token-ttl-secs`, `--no-registration-cors`) and stopped by it, and
// what a browser would do on its pages, done with fetch.
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createServer, request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/** The simulator's binary, built by `cargo xtask test`. */
const binary = process.env.MAGISTERIUM_SIM_BIN;

/**
 * Starts a simulator on a free 127.0.0.1 port with `args`:
 * `{ url, endpoint, control(path, body), stop() }`. The test must `stop()` it.
 */
export async function startSimulator(args = []) {
  if (!binary) throw new Error("MAGISTERIUM_SIM_BIN is not set: run this suite through `cargo xtask test`");
  const child = spawn(binary, ["--addr", "127.0.0.1:0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    once(lines, "line").then(([line]) => line),
    exited.then(([status]) => Promise.reject(new Error(`the simulator exited (${status}) before it listened`))),
  ]);
  lines.on("line", () => {}); // keep its stdout drained
  const url = first.replace(/^listening on /, "");
  return {
    url,
    endpoint: `${url}/api/v1/a2a`,
    /** POSTs `body` to a `/_sim/` control route. */
    async control(path, body) {
      const response = await fetch(`${url}/_sim/${path}`, { method: "POST", body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`/_sim/${path}: HTTP ${response.status}`);
      return response.json();
    },
    async stop() {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}

/** A fresh XDG_CONFIG_HOME (no saved sign-in in it yet): its path and the login file under it. The test removes it. */
export async function configHome() {
  const home = await mkdtemp(join(tmpdir(), "magisterium-login-"));
  return { home, file: join(home, "magisterium-a2a", "login.json") };
}

/** `npx magisterium-a2a login` at the authorization server `issuer` (a simulator), tests/login-to-simulator.mjs playing the browser, saving under XDG_CONFIG_HOME `home`. */
export async function logInAt(issuer, home) {
  const script = fileURLToPath(new URL("login-to-simulator.mjs", import.meta.url));
  await promisify(execFile)(process.execPath, [script], { env: { PATH: process.env.PATH, MAGISTERIUM_ISSUER: issuer, XDG_CONFIG_HOME: home } });
}

/** The tokens the login file `file` holds for `sim`. */
export async function savedTokens(file, sim) {
  return JSON.parse(await readFile(file, "utf8"))[`magisterium-auth:tokens:${sim.url}/`];
}

/**
 * Opens the consent page of the authorization request `url` and answers it
 * (`"allow"` or `"deny"`), as a user in a browser would; the address the
 * server sends the browser back to.
 */
export async function answerConsent(url, decision) {
  const page = await fetch(url, { redirect: "manual" });
  if (page.status !== 200) throw new Error(`the authorization request got HTTP ${page.status}, not the consent page`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !request) throw new Error("no consent form on the page");
  const answer = await fetch(new URL(action, url), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request, decision }),
  });
  const location = answer.headers.get("location");
  if (!location) throw new Error(`the consent answer got HTTP ${answer.status}, not a redirect`);
  return location;
}

/** Registers a public client for `redirectUri` at `sim`, as an app's developer would beforehand; its id. */
export async function registerClient(sim, redirectUri) {
  const response = await fetch(`${sim.url}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ redirect_uris: [redirectUri], client_name: "Registered beforehand", token_endpoint_auth_method: "none" }),
  });
  if (response.status !== 201) throw new Error(`registration: HTTP ${response.status}`);
  return (await response.json()).client_id;
}

/** Whether `sim` still honours `refreshToken` of `clientId` (it is used up if so: the answer is a rotation). */
export async function refreshStillWorks(sim, clientId, refreshToken) {
  const response = await fetch(`${sim.url}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId }),
  });
  return response.ok;
}

/** Revokes `token` of `clientId` at `sim` (RFC 7009), as the server's own tools would. */
export async function revoke(sim, clientId, token) {
  const response = await fetch(`${sim.url}/oauth/revoke`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token, client_id: clientId }),
  });
  if (!response.ok) throw new Error(`revocation: HTTP ${response.status}`);
}

/**
 * A proxy in front of `sim` (the Host header passes through, so the
 * simulator's metadata names the proxy as the issuer) that holds each
 * refresh at the token endpoint `holdMs` before passing it on, or for ever
 * when `holdMs` is null, or drops it unanswered while `dropRefreshes(n)` has some
 * left to drop: `{ url, refreshes(), dropRefreshes(n), stop() }`.
 */
export async function holdRefreshes(sim, holdMs) {
  const target = new URL(sim.url);
  let refreshes = 0;
  let dropping = 0;
  const server = createServer(async (incoming, answer) => {
    const chunks = [];
    for await (const chunk of incoming) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    if (incoming.url === "/oauth/token" && new URLSearchParams(body.toString()).get("grant_type") === "refresh_token") {
      refreshes += 1;
      if (dropping > 0) {
        dropping -= 1;
        return incoming.socket.destroy(); // no answer at all: a network failure
      }
      if (holdMs === null) return; // never answers; stop() closes the connection
      await sleep(holdMs);
    }
    const onward = request({ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers });
    onward.on("response", (response) => {
      answer.writeHead(response.statusCode, response.headers);
      response.pipe(answer);
    });
    onward.on("error", () => answer.destroy());
    onward.end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    refreshes: () => refreshes,
    dropRefreshes: (count) => (dropping = count),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
