// The login file's lock and writes, against a simulator of the test's own
// behind a small proxy of the test's that holds the token endpoint's refresh
// answers: two processes refreshing at once use the refresh token once; a
// holder that loses its lock says so and saves nothing; a token endpoint that
// never answers ends the refresh (NETWORK) and frees the lock; the file is
// written 0600 to a new file, never through a link planted beside it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { chmod, lstat, mkdir, readFile, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { MagisteriumAuth } from "magisterium-a2a/auth";
import { answerConsent, configHome, holdRefreshes, refreshStillWorks, savedTokens, startSimulator } from "../sign-in-server.mjs";

const SCRIPT = fileURLToPath(new URL("./saved-login-call.mjs", import.meta.url));
/** The simulator's access-token lifetime in these tests. */
const TTL = 60;

/**
 * A simulator, the proxy before it holding refreshes `holdMs`, and a login
 * through the proxy saved in a fresh file: `{ sim, proxy, home, file, stop() }`.
 */
async function savedLogin(holdMs) {
  const sim = await startSimulator(["--access-token-ttl-secs", String(TTL)]);
  const proxy = await holdRefreshes(sim, holdMs);
  const { home, file } = await configHome();
  const stop = async () => {
    await proxy.stop();
    await sim.stop();
    await rm(home, { recursive: true, force: true });
  };
  try {
    let address;
    const onUrl = (url) => (address = url);
    const login = MagisteriumAuth.login({ issuer: proxy.url, file, openBrowser: false, onUrl, timeoutMs: 30_000 });
    while (!address) await sleep(10);
    await fetch(await answerConsent(address, "allow"));
    await login;
    return { sim, proxy, home, file, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The saved-login script as a process of its own (it calls the service once); what it printed. */
async function runScript(file, sim) {
  const env = { ...process.env, LOGIN_FILE: file, MAGISTERIUM_ENDPOINT: sim.endpoint };
  const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT], { env });
  return JSON.parse(stdout);
}

test("two processes refreshing at once through a 2 s token endpoint use the refresh token once, and the grant survives", async () => {
  const { sim, proxy, file, stop } = await savedLogin(2_000);
  try {
    const before = await savedTokens(file, proxy);
    await sim.control("clock", { advanceSecs: TTL + 1 });
    // Each gets a 401, and refreshes: one holds the lock through the 2 s, the other waits and takes its tokens.
    const outcomes = await Promise.all([runScript(file, sim), runScript(file, sim)]);
    for (const outcome of outcomes) assert.match(outcome.saints, /Joseph/, JSON.stringify(outcome));
    assert.equal(proxy.refreshes(), 1, "one refresh for both processes");
    const after = await savedTokens(file, proxy);
    assert.notEqual(after.refreshToken, before.refreshToken, "the rotated refresh token is saved");
    assert.equal(await refreshStillWorks(sim, after.clientId, after.refreshToken), true, "the grant survived");
  } finally {
    await stop();
  }
});

test("a process whose lock is taken from it while it refreshes rejects with SIGN_IN_FAILED, saves nothing, and leaves the lock to its taker", async () => {
  // The answer comes before the holder's next touch of its lock: what tells it is the check before writing.
  const { proxy, file, stop } = await savedLogin(500);
  try {
    const before = await savedTokens(file, proxy);
    const auth = await MagisteriumAuth.fromSavedLogin({ file });
    const refresh = auth.tokenProvider({ rejectedToken: before.accessToken });
    while (proxy.refreshes() === 0) await sleep(10); // the lock is held, the refresh under way
    // As another process that judged it stale would: removed, and made again as its own.
    const lock = `${file}.lock`;
    await rm(lock, { recursive: true });
    await mkdir(lock);
    await assert.rejects(refresh, (error) => {
      assert.equal(error.code, "SIGN_IN_FAILED");
      assert.match(error.message, /lost the lock .*not saved/);
      return true;
    });
    assert.deepEqual(await savedTokens(file, proxy), before, "nothing written without the lock");
    assert.ok((await stat(lock)).isDirectory(), "the other process's lock is not removed");
  } finally {
    await stop();
  }
});

test("a token endpoint that never answers ends the refresh with NETWORK and frees the lock", { timeout: 60_000 }, async () => {
  const { proxy, file, stop } = await savedLogin(null);
  try {
    const before = await savedTokens(file, proxy);
    const auth = await MagisteriumAuth.fromSavedLogin({ file });
    await assert.rejects(auth.tokenProvider({ rejectedToken: before.accessToken }), (error) => {
      assert.equal(error.code, "NETWORK");
      assert.match(error.cause?.message ?? "", /did not answer within/);
      assert.doesNotMatch(error.message, /CORS/, "Node has no CORS");
      return true;
    });
    assert.equal(proxy.refreshes(), 1);
    await assert.rejects(stat(`${file}.lock`), { code: "ENOENT" }, "the lock is released");
    assert.deepEqual(await savedTokens(file, proxy), before);
  } finally {
    await stop();
  }
});

/** A login file in a fresh folder holding tokens for two issuers (no server behind either): `{ home, file, gone, kept }`. */
async function twoIssuers() {
  const { home, file } = await configHome();
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const [gone, kept] = ["http://127.0.0.1:9/", "http://127.0.0.1:10/"].map((issuer) => `magisterium-auth:tokens:${issuer}`);
  const tokens = { accessToken: "a", refreshToken: null, clientId: "c" };
  await writeFile(file, JSON.stringify({ [gone]: tokens, [kept]: tokens }));
  return { home, file, gone: "http://127.0.0.1:9/", kept };
}

/** Signs out of `issuer` saved in `file`: the file is rewritten with the other's tokens (the revocation finds no server). */
async function signOut(file, issuer) {
  await (await MagisteriumAuth.fromSavedLogin({ file, issuer })).signOut();
}

test("the login file is written 0600 to a file of its own: a link planted at a temporary name is not followed", async () => {
  const { home, file, gone, kept } = await twoIssuers();
  try {
    await chmod(file, 0o644);
    // What an attacker able to write in the folder would plant: a link at the name a write would use.
    const decoy = join(home, "decoy");
    await writeFile(decoy, "");
    await symlink(decoy, `${file}.${process.pid}.tmp`);
    await signOut(file, gone);
    assert.equal(await readFile(decoy, "utf8"), "", "nothing written through the link");
    const written = await lstat(file);
    assert.ok(written.isFile(), "the login file is a file, not the link moved into place");
    assert.equal(written.mode & 0o777, 0o600);
    assert.deepEqual(Object.keys(JSON.parse(await readFile(file, "utf8"))), [kept]);
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});

test("a stale lock file an earlier version left (a file, not a folder) is taken over", { timeout: 30_000 }, async () => {
  const { home, file, gone, kept } = await twoIssuers();
  try {
    const lock = `${file}.lock`;
    await writeFile(lock, "");
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await utimes(lock, longAgo, longAgo);
    await signOut(file, gone);
    assert.deepEqual(Object.keys(JSON.parse(await readFile(file, "utf8"))), [kept]);
    await assert.rejects(stat(lock), { code: "ENOENT" }, "the lock is released");
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});
