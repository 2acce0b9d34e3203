// Each storage choice of the sign-in: where the tokens go and what survives
// a reload or reaches another tab.
import { test } from "node:test";
import assert from "node:assert/strict";
import { APP, call, ready, signInByRedirect, storedTokens, withSignIn } from "./sign-in-harness.mjs";

/** Whether the app in `page` is signed in once it has loaded again. */
async function signedInAfterReload(page) {
  await page.reload();
  await ready(page);
  return page.evaluate(() => window.app.auth.signedIn);
}

/** Whether the app is signed in in a new tab of the same browser. */
async function signedInInNewTab(context, open, storage) {
  const tab = await context.newPage();
  await open(tab, { storage });
  const signedIn = await tab.evaluate(() => window.app.auth.signedIn);
  await tab.close();
  return signedIn;
}

test('"memory": the tokens stay in the page, gone on reload', async () => {
  await withSignIn(["--auto-approve"], async ({ sim, page, open }) => {
    await open(page, { storage: "memory" });
    await signInByRedirect(page);
    assert.match((await call(page)).text, /Joseph/);
    assert.equal(await storedTokens(page, sim, "sessionStorage"), null);
    assert.equal(await storedTokens(page, sim, "localStorage"), null);
    assert.equal(await storedTokens(page, sim, "indexedDB"), null);
    assert.equal(await signedInAfterReload(page), false);
  });
});

test('"session": the tokens survive a reload, in this tab only', async () => {
  await withSignIn(["--auto-approve"], async ({ sim, context, page, open }) => {
    await open(page, { storage: "session" });
    await signInByRedirect(page);
    assert.ok(await storedTokens(page, sim, "sessionStorage"));
    assert.equal(await storedTokens(page, sim, "localStorage"), null);
    assert.equal(await signedInAfterReload(page), true);
    assert.match((await call(page)).text, /Joseph/);
    assert.equal(await signedInInNewTab(context, open, "session"), false);
  });
});

test('"local": the tokens (in IndexedDB) survive a reload and reach the other tabs', async () => {
  await withSignIn(["--auto-approve"], async ({ sim, context, page, open }) => {
    await open(page, { storage: "local" });
    await signInByRedirect(page);
    assert.ok(await storedTokens(page, sim, "indexedDB"));
    assert.equal(await storedTokens(page, sim, "localStorage"), null);
    assert.equal(await storedTokens(page, sim, "sessionStorage"), null);
    assert.equal(await signedInAfterReload(page), true);
    assert.equal(await signedInInNewTab(context, open, "local"), true);
  });
});

test("the app's own async storage holds the tokens and the sign-in in progress", async () => {
  await withSignIn(["--auto-approve"], async ({ sim, page, open }) => {
    await open(page, { storage: "custom" });
    await signInByRedirect(page);
    assert.ok(await storedTokens(page, sim, "localStorage", "custom:"), "in the custom storage");
    assert.equal(await storedTokens(page, sim, "localStorage"), null);
    assert.equal(await storedTokens(page, sim, "sessionStorage"), null);
    assert.equal(await signedInAfterReload(page), true, "known once handleRedirect has resolved");
    assert.match((await call(page)).text, /Joseph/);
    assert.equal(new URL(page.url()).href, APP);
  });
});
