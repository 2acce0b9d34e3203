// Signing in on a page without a bundler (the test app, an import map) against
// a simulator of the test's own: by redirect and in a popup through the
// consent page, then calls with the tokens; a denied consent, a forged
// response (state mismatch) and the pre-registered client id of a server
// whose registration answers without CORS, each ending in its code; the
// address bar clean after `handleRedirect`; sign-out revoking the tokens.
import { test } from "node:test";
import assert from "node:assert/strict";
import { refreshStillWorks, registerClient } from "../sign-in-server.mjs";
import { APP, assertCleanUrl, call, ready, signInByRedirect, storedTokens, withSignIn } from "./sign-in-harness.mjs";

test("redirect: through the consent page and back, the URL cleaned, then calls succeed", async () => {
  await withSignIn([], async ({ page, traffic, open }) => {
    await open(page, { storage: "session" });
    assert.deepEqual(await page.evaluate(() => [window.app.redirect, window.app.auth.signedIn]), [{ handled: false }, false]);
    assert.deepEqual(await call(page), { code: "SIGN_IN_REQUIRED", message: "not signed in: call signIn()" });
    assert.deepEqual(await signInByRedirect(page, "allow"), { handled: true });
    assertCleanUrl(page);
    assert.equal(new URL(page.url()).href, APP);
    assert.equal(await page.evaluate(() => window.app.auth.signedIn), true);
    assert.match((await call(page)).text, /Joseph/);
    assert.equal(traffic.registrations, 1, "the app registered itself once");
    await page.evaluate(() => window.app.auth.signOut());
    assert.deepEqual(await signInByRedirect(page, "allow"), { handled: true });
    assert.equal(traffic.registrations, 1, "the registration is cached per issuer and redirect URI");
  });
});

/** Opens the app, clicks its popup sign-in: the popup, at the consent page. */
async function openPopup(context, page, open) {
  await open(page);
  const opened = context.waitForEvent("page");
  await page.click("#popup");
  const popup = await opened;
  await popup.waitForURL((url) => url.pathname === "/oauth/authorize");
  return popup;
}

test("popup: the consent page in a popup, which closes; the page itself never navigates", async () => {
  await withSignIn([], async ({ context, page, open }) => {
    const popup = await openPopup(context, page, open);
    const closed = popup.waitForEvent("close");
    await popup.click('button[value="allow"]');
    await closed;
    assert.deepEqual(await page.evaluate(() => window.app.popup), { signedIn: true });
    assert.equal(page.url(), APP);
    assert.match((await call(page)).text, /Joseph/);
  });
});

test("a popup closed before consent ends the sign-in with SIGN_IN_FAILED", async () => {
  await withSignIn([], async ({ context, page, open }) => {
    const popup = await openPopup(context, page, open);
    await popup.close();
    const outcome = await page.evaluate(() => window.app.popup);
    assert.equal(outcome.code, "SIGN_IN_FAILED");
    assert.match(outcome.message, /closed/);
  });
});

test("deny: SIGN_IN_FAILED with the server's access_denied, the URL cleaned, not signed in", async () => {
  await withSignIn([], async ({ page, open }) => {
    await open(page);
    const outcome = await signInByRedirect(page, "deny");
    assert.equal(outcome.code, "SIGN_IN_FAILED");
    assert.match(outcome.message, /access_denied/);
    assertCleanUrl(page);
    assert.equal(await page.evaluate(() => window.app.auth.signedIn), false);
  });
});

test("a response with another state (forged or stale): SIGN_IN_FAILED, the URL cleaned", async () => {
  await withSignIn([], async ({ page, open }) => {
    await open(page);
    await page.evaluate(() => void window.app.auth.signIn());
    await page.waitForURL((url) => url.pathname === "/oauth/authorize");
    await page.goto(`${APP}?code=forged&state=not-the-one`);
    await ready(page);
    const outcome = await page.evaluate(() => window.app.redirect);
    assert.equal(outcome.code, "SIGN_IN_FAILED");
    assert.match(outcome.message, /state mismatch/);
    assertCleanUrl(page);
    assert.equal(await page.evaluate(() => window.app.auth.signedIn), false);
  });
});

test("a server whose registration has no CORS: NETWORK without a client id, signed in with a pre-registered one", async () => {
  await withSignIn(["--no-registration-cors", "--auto-approve"], async ({ sim, page, open }) => {
    await open(page);
    const refused = await page.evaluate(() => window.app.auth.signIn().catch(window.app.described));
    assert.equal(refused.code, "NETWORK");
    assert.match(refused.message, /registering the client/);
    const clientId = await registerClient(sim, APP);
    await open(page, { clientId, storage: "session" });
    assert.deepEqual(await signInByRedirect(page), { handled: true });
    assert.match((await call(page)).text, /Joseph/);
    assert.equal((await storedTokens(page, sim, "sessionStorage")).clientId, clientId);
  });
});

test("signOut forgets the tokens and revokes them on the server", async () => {
  await withSignIn(["--auto-approve"], async ({ sim, page, open }) => {
    await open(page, { storage: "session" });
    await signInByRedirect(page);
    const tokens = await storedTokens(page, sim, "sessionStorage");
    await page.evaluate(() => window.app.auth.signOut());
    assert.equal(await page.evaluate(() => window.app.auth.signedIn), false);
    assert.equal(await storedTokens(page, sim, "sessionStorage"), null);
    assert.equal((await call(page)).code, "SIGN_IN_REQUIRED");
    assert.equal(await refreshStillWorks(sim, tokens.clientId, tokens.refreshToken), false, "revoked");
  });
});
