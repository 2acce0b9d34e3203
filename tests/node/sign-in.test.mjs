// The sign-in in Node against a simulator of the test's own: `npx
// magisterium-a2a login` with the test playing the browser, the saved file
// (0600 in a 0700 folder under XDG_CONFIG_HOME), scripts calling the service
// with it across refreshes (one process at a time refreshes), `logout`, and
// the codes of a denied or missing sign-in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import { readFile, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { MagisteriumClient, MagisteriumError } from "magisterium-a2a";
import { MagisteriumAuth } from "magisterium-a2a/auth";
import { answerConsent, configHome, refreshStillWorks, savedTokens, startSimulator } from "../sign-in-server.mjs";

/** The package's command line, as its package.json `bin` names it. */
const packageJson = createRequire(import.meta.url).resolve("magisterium-a2a/package.json");
const bin = join(dirname(packageJson), JSON.parse(await readFile(packageJson, "utf8")).bin["magisterium-a2a"]);
const SCRIPT = fileURLToPath(new URL("./saved-login-call.mjs", import.meta.url));
/** The simulator's access-token lifetime in these tests. */
const TTL = 60;

/**
 * Runs the command line with `args` and `env`: `{ url, done }`, `url` the
 * address it printed to sign in at (when it prints one), `done` its exit
 * status and output.
 */
function command(args, env) {
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const url = new Promise((resolve) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      stdout += `${line}\n`;
      const address = /^\s+(http:\S+\/oauth\/authorize\?\S+)$/.exec(line)?.[1];
      if (address) resolve(address);
    });
  });
  const done = once(child, "exit").then(([status]) => ({ status, stdout, stderr }));
  return { url: Promise.race([url, done.then(() => null)]), done };
}

/** The saved-login script as a process of its own; what it printed. */
async function runScript(file, sim) {
  const env = { ...process.env, LOGIN_FILE: file, MAGISTERIUM_ENDPOINT: sim.endpoint };
  const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT], { env });
  return JSON.parse(stdout);
}

test("login (the test plays the browser), scripts across refreshes, then logout", async () => {
  const sim = await startSimulator(["--access-token-ttl-secs", String(TTL)]);
  const { home, file } = await configHome();
  try {
    const login = command(["login", "--issuer", sim.url, "--no-open"], { XDG_CONFIG_HOME: home });
    const address = await login.url;
    assert.ok(address, "login printed the address to sign in at");
    const redirect = new URL(new URL(address).searchParams.get("redirect_uri"));
    assert.equal(redirect.hostname, "127.0.0.1", "an RFC 8252 loopback redirect");
    const back = await answerConsent(address, "allow");
    assert.equal(new URL(back).origin, redirect.origin, "the server sends the browser back to the listener");
    const page = await fetch(back);
    assert.match(await page.text(), /Signed in/);
    const { status, stdout } = await login.done;
    assert.equal(status, 0, stdout);
    assert.match(stdout, /Signed in/);

    assert.equal((await stat(file)).mode & 0o777, 0o600, "the file is the user's only");
    assert.equal((await stat(dirname(file))).mode & 0o777, 0o700, "and so is its folder");
    const first = await savedTokens(file, sim);
    assert.ok(first.accessToken && first.refreshToken);

    assert.match((await runScript(file, sim)).saints, /Joseph/);
    await sim.control("clock", { advanceSecs: TTL + 1 });
    assert.match((await runScript(file, sim)).saints, /Joseph/, "after expiry: a 401, a refresh, the call retried");
    const second = await savedTokens(file, sim);
    assert.notEqual(second.refreshToken, first.refreshToken, "the rotated refresh token is saved");

    // Two programs on the same file refresh at the same moment (as after the same 401): one
    // refreshes, the other waits for the file's lock and takes its tokens.
    const [one, other] = await Promise.all([MagisteriumAuth.fromSavedLogin({ file }), MagisteriumAuth.fromSavedLogin({ file })]);
    const stale = second.accessToken;
    const fresh = await Promise.all([one.tokenProvider({ rejectedToken: stale }), other.tokenProvider({ rejectedToken: stale })]);
    assert.equal(fresh[0], fresh[1], "one refresh for both");
    assert.notEqual(fresh[0], stale);
    assert.match((await runScript(file, sim)).saints, /Joseph/, "the grant survived: no refresh token was used twice");

    const last = await savedTokens(file, sim);
    const logout = await command(["logout"], { XDG_CONFIG_HOME: home }).done;
    assert.equal(logout.status, 0, logout.stderr);
    await assert.rejects(stat(file), { code: "ENOENT" }, "logout removes the tokens");
    assert.equal(await refreshStillWorks(sim, last.clientId, last.refreshToken), false, "and revoked them");
    const again = await command(["logout"], { XDG_CONFIG_HOME: home }).done;
    assert.match(again.stdout, /Not signed in/);
  } finally {
    await sim.stop();
    await rm(home, { recursive: true, force: true });
  }
});

test("login ends with SIGN_IN_FAILED when the user denies, and saves nothing", async () => {
  const sim = await startSimulator();
  const { home, file } = await configHome();
  try {
    const login = command(["login", "--issuer", sim.url, "--no-open"], { XDG_CONFIG_HOME: home });
    const back = await answerConsent(await login.url, "deny");
    const page = await fetch(back);
    assert.equal(page.status, 400);
    assert.match(await page.text(), /access_denied/);
    const { status, stderr } = await login.done;
    assert.equal(status, 1);
    assert.match(stderr, /access_denied/);
    await assert.rejects(stat(file), { code: "ENOENT" });
  } finally {
    await sim.stop();
    await rm(home, { recursive: true, force: true });
  }
});

// Without the checks of an ended signal, login waited for its whole timeoutMs (30 s here): tried.
test("login with a signal that ended before the browser could come back fails at once with SIGN_IN_FAILED", { timeout: 10_000 }, async () => {
  const sim = await startSimulator();
  const { home, file } = await configHome();
  try {
    for (const signal of [AbortSignal.abort(), AbortSignal.timeout(1)]) {
      const login = MagisteriumAuth.login({ issuer: sim.url, file, openBrowser: false, onUrl: () => {}, timeoutMs: 30_000, signal });
      await assert.rejects(login, (error) => error instanceof MagisteriumError && error.code === "SIGN_IN_FAILED");
    }
    await assert.rejects(stat(file), { code: "ENOENT" });
  } finally {
    await sim.stop();
    await rm(home, { recursive: true, force: true });
  }
});

test("without a saved login: SIGN_IN_REQUIRED, also through a client", async () => {
  const { home, file } = await configHome();
  try {
    const missing = await MagisteriumAuth.fromSavedLogin({ file }).catch((e) => e);
    assert.ok(missing instanceof MagisteriumError, "the client's own error class");
    assert.equal(missing.code, "SIGN_IN_REQUIRED");
    assert.match(missing.message, /npx magisterium-a2a login/);

    const auth = new MagisteriumAuth({ redirectUri: "http://127.0.0.1/callback", issuer: "http://127.0.0.1:9" });
    const client = new MagisteriumClient({ tokenProvider: auth.tokenProvider, endpoint: "http://127.0.0.1:9/api/v1/a2a" });
    const refused = await client.saintsOfTheDay("2026-03-19").catch((e) => e);
    assert.ok(refused instanceof MagisteriumError);
    assert.equal(refused.code, "SIGN_IN_REQUIRED", "the provider's code ends the call");
    assert.equal(refused.cause?.code, "SIGN_IN_REQUIRED", "the provider's error is the cause");
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});

test("the Node build refuses browser storages and browser sign-in with INVALID_INPUT", async () => {
  assert.throws(() => new MagisteriumAuth({ redirectUri: "http://127.0.0.1/cb", storage: "local" }), { code: "INVALID_INPUT" });
  assert.throws(() => new MagisteriumAuth({ redirectUri: "not a url" }), { code: "INVALID_INPUT" });
  assert.throws(() => new MagisteriumAuth({ redirectUri: "http://127.0.0.1/cb", issuer: "http://remote.example" }), { code: "INVALID_INPUT" });
  const auth = new MagisteriumAuth({ redirectUri: "http://127.0.0.1/cb" });
  await assert.rejects(auth.signIn(), { code: "INVALID_INPUT" });
  assert.equal(auth.signedIn, false);
});

// Unbounded, discovery would read forever: the test's timeout fails it instead of hanging the suite.
test("an authorization server's answer is read up to 64 KiB: a body that never ends is SIGN_IN_FAILED, not a hang", { timeout: 60_000 }, async () => {
  const server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.write('{"issuer":"');
    const chunk = "x".repeat(16 * 1024);
    const timer = setInterval(() => response.write(chunk), 5);
    response.on("close", () => clearInterval(timer));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { home, file } = await configHome();
  try {
    const issuer = `http://127.0.0.1:${server.address().port}`;
    const login = MagisteriumAuth.login({ issuer, file, openBrowser: false, onUrl: () => {}, timeoutMs: 30_000 });
    await assert.rejects(login, (error) => {
      assert.ok(error instanceof MagisteriumError);
      assert.equal(error.code, "SIGN_IN_FAILED");
      assert.match(error.message, /longer than 65536 bytes/);
      return true;
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(home, { recursive: true, force: true });
  }
});
