// Keeping a user signed in: with short-lived access tokens, a refresh ahead
// of expiry (the page's clock moved by Playwright: no 401 seen), a refresh
// after a 401 (the simulator's clock moved), two tabs refreshing at the same
// moment (one refresh, under Web Locks, the tokens in IndexedDB: rotation
// never logs them out), and a
// refresh token revoked on the server ending in SIGN_IN_REQUIRED.
import { test } from "node:test";
import assert from "node:assert/strict";
import { revoke } from "../sign-in-server.mjs";
import { call, signInByRedirect, storedTokens, withSignIn } from "./sign-in-harness.mjs";

/** The simulator's access-token lifetime here, in seconds. */
const TTL = 120;
/** Late enough in a token's life that it is refreshed before use, early enough that the server still takes it. */
const NEAR_EXPIRY_MS = (TTL - 20) * 1000;
const SIM_ARGS = ["--auto-approve", "--access-token-ttl-secs", String(TTL)];

test("a token near its expiry is refreshed before the call: no 401", async () => {
  await withSignIn(SIM_ARGS, async ({ sim, context, page, traffic, open }) => {
    await open(page, { storage: "session" });
    await signInByRedirect(page);
    assert.match((await call(page)).text, /Joseph/);
    const first = await storedTokens(page, sim, "sessionStorage");
    await context.clock.setFixedTime(Date.now() + NEAR_EXPIRY_MS);
    assert.match((await call(page)).text, /Joseph/);
    const second = await storedTokens(page, sim, "sessionStorage");
    assert.notEqual(second.accessToken, first.accessToken);
    assert.notEqual(second.refreshToken, first.refreshToken, "rotated");
    assert.deepEqual([traffic.refreshes, traffic.unauthorized], [1, 0]);
    assert.match((await call(page)).text, /Joseph/);
    assert.equal(traffic.refreshes, 1, "the fresh token is used as it is");
  });
});

test("a token the server refuses (401) is refreshed once and the call retried", async () => {
  await withSignIn(SIM_ARGS, async ({ sim, page, traffic, open }) => {
    await open(page, { storage: "session" });
    await signInByRedirect(page);
    await sim.control("clock", { advanceSecs: TTL + 1 });
    assert.match((await call(page)).text, /Joseph/);
    assert.deepEqual([traffic.unauthorized, traffic.refreshes], [1, 1]);
    assert.match((await call(page)).text, /Joseph/);
    assert.deepEqual([traffic.unauthorized, traffic.refreshes], [1, 1]);
  });
});

test("two tabs refreshing at the same moment: one refresh, both stay signed in", async () => {
  await withSignIn(SIM_ARGS, async ({ sim, context, page, traffic, open }) => {
    await open(page, { storage: "local" });
    await signInByRedirect(page);
    const other = await context.newPage();
    await open(other, { storage: "local" });
    assert.equal(await other.evaluate(() => window.app.auth.signedIn), true, '"local" is shared by the tabs');
    await context.clock.setFixedTime(Date.now() + NEAR_EXPIRY_MS);
    const [one, two] = await Promise.all([call(page), call(other)]);
    assert.match(one.text ?? one.message, /Joseph/);
    assert.match(two.text ?? two.message, /Joseph/);
    assert.equal(traffic.refreshes, 1, "the second tab waited for the first's refresh");
    const again = await Promise.all([call(page), call(other)]);
    for (const outcome of again) assert.match(outcome.text ?? outcome.message, /Joseph/, "the grant is intact");
    assert.ok(await storedTokens(page, sim, "indexedDB"));
  });
});

test("a refresh token revoked on the server: SIGN_IN_REQUIRED through the client, signed out", async () => {
  await withSignIn(SIM_ARGS, async ({ sim, context, page, open }) => {
    await open(page, { storage: "session" });
    await signInByRedirect(page);
    const tokens = await storedTokens(page, sim, "sessionStorage");
    await revoke(sim, tokens.clientId, tokens.refreshToken);
    await context.clock.setFixedTime(Date.now() + NEAR_EXPIRY_MS);
    const outcome = await call(page);
    assert.equal(outcome.code, "SIGN_IN_REQUIRED");
    assert.match(outcome.message, /invalid_grant/);
    assert.equal(await page.evaluate(() => window.app.auth.signedIn), false);
    assert.equal(await storedTokens(page, sim, "sessionStorage"), null);
  });
});
