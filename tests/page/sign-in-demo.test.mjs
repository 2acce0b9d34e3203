// The demo's "Sign in" button next to the token field: through the
// simulator's consent page and back, then the panels call with the access
// token it issued (not the demo token); sign-out and a denied consent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { submit, text, withBrowser } from "./harness.mjs";
import { assertCleanUrl } from "./sign-in-harness.mjs";

const DEMO = `${process.env.DEMO_URL}/`;

/** Opens the demo, clicks "Sign in" and answers the consent page with `decision`. */
async function signInOnDemo(page, decision) {
  await page.goto(DEMO);
  await page.waitForSelector("body[data-ready='true']");
  assert.equal(await page.locator("#sign-in").innerText(), "Sign in");
  await page.click("#sign-in");
  await page.waitForURL((url) => url.pathname === "/oauth/authorize");
  await page.click(`button[value="${decision}"]`);
  await page.waitForURL((url) => url.pathname === "/" && url.searchParams.has("state"));
  await page.waitForSelector("body[data-ready='true']");
}

test("demo: Sign in, then the panels call with the issued token; Sign out", async () => {
  await withBrowser(async (page) => {
    const bearers = [];
    page.on("request", (request) => {
      if (request.url() === process.env.MAGISTERIUM_ENDPOINT && request.method() === "POST") bearers.push(request.headers().authorization);
    });
    await signInOnDemo(page, "allow");
    assertCleanUrl(page);
    assert.equal(await page.locator("#sign-in").innerText(), "Sign out");
    assert.equal(await page.locator("#token").isDisabled(), true);
    await submit(page, "#saints", "#saints-date", "2026-03-19");
    assert.match(await text(page, "#saints .output"), /Joseph/);
    assert.equal(bearers.length, 1);
    assert.match(bearers[0], /^Bearer at_/, "the simulator's access token, not the demo token");
    await page.click("#sign-in");
    await page.waitForFunction(() => document.querySelector("#sign-in").textContent === "Sign in");
    assert.equal(await page.locator("#token").isDisabled(), false);
  });
});

test("demo: a denied consent is shown as text, and the page stays signed out", async () => {
  await withBrowser(async (page) => {
    await signInOnDemo(page, "deny");
    assertCleanUrl(page);
    assert.match(await text(page, "#sign-in-message"), /Not signed in: .*access_denied/);
    assert.equal(await page.locator("#sign-in").innerText(), "Sign in");
  });
});
