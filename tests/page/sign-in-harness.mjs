// Shared steps of the page suite's sign-in tests: the test app
// (`auth-app/`, served by the demo's static server) pointed at a simulator
// of the test's own, a sign-in by redirect through the consent page (or
// straight back with `--auto-approve`), and what the browser sent the
// authorization server and the A2A endpoint.
import assert from "node:assert/strict";
import { startSimulator } from "../sign-in-server.mjs";
import { withBrowser } from "./harness.mjs";

/** The test app's address. */
export const APP = `${process.env.DEMO_URL}/auth-app/`;

/**
 * Runs `body({ sim, context, page, traffic, open })` in a fresh Chromium with
 * a simulator started with `simArgs`; `open(page?, storage?, clientId?)`
 * opens the app in `page`. Always stops both.
 */
export async function withSignIn(simArgs, body) {
  const sim = await startSimulator(simArgs);
  try {
    await withBrowser(async (page, context) => {
      const traffic = watch(context, sim);
      const open = async (target = page, settings = {}) => {
        const all = { issuer: sim.url, endpoint: sim.endpoint, storage: "memory", ...settings };
        await context.addInitScript((given) => (window.signInTest = given), all);
        await target.goto(APP);
        await ready(target);
      };
      await body({ sim, context, page, traffic, open });
    });
  } finally {
    await sim.stop();
  }
}

/** Waits until the app in `page` has settled `handleRedirect`. */
export function ready(page) {
  return page.waitForSelector("body[data-ready='true']");
}

/**
 * Starts a sign-in by redirect in `page`; with a `decision` ("allow",
 * "deny") it answers the consent page, without one the simulator approves
 * at once. Resolves with what `handleRedirect` gave back on the app.
 */
export async function signInByRedirect(page, decision) {
  const back = page.waitForURL((url) => url.pathname === "/auth-app/" && url.searchParams.has("state"));
  await page.evaluate(() => void window.app.auth.signIn());
  if (decision) {
    await page.waitForURL((url) => url.pathname === "/oauth/authorize");
    await page.click(`button[value="${decision}"]`);
  }
  await back;
  await ready(page);
  return page.evaluate(() => window.app.redirect);
}

/** The app's call through its client in `page`: `{ text }` or the error as data. */
export function call(page) {
  return page.evaluate(() => window.app.call());
}

/** Asserts the address bar holds no authorization response parameter. */
export function assertCleanUrl(page) {
  const url = new URL(page.url());
  for (const name of ["code", "state", "iss", "error", "error_description"]) {
    assert.ok(!url.searchParams.has(name), `${name} left in ${url.href}`);
  }
}

/**
 * The tokens kept for `sim` in `page`'s `storage`: "sessionStorage",
 * "localStorage" (keys after `prefix`) or "indexedDB" (the "local" choice's database).
 */
export function storedTokens(page, sim, storage, prefix = "") {
  const key = `${prefix}magisterium-auth:tokens:${sim.url}/`;
  return page.evaluate(async ([where, k]) => {
    if (where !== "indexedDB") return JSON.parse(window[where].getItem(k) ?? "null");
    const databases = await indexedDB.databases();
    if (!databases.some((d) => d.name === "magisterium-auth")) return null;
    const db = await new Promise((resolve, reject) => Object.assign(indexedDB.open("magisterium-auth"), { onsuccess: (e) => resolve(e.target.result), onerror: reject }));
    const value = await new Promise((resolve, reject) =>
      Object.assign(db.transaction("values").objectStore("values").get(k), { onsuccess: (e) => resolve(e.target.result), onerror: reject }),
    );
    db.close();
    return JSON.parse(value ?? "null");
  }, [storage, key]);
}

/**
 * Counts what the browser sent: client registrations, refresh grants, and
 * 401 answers of the A2A endpoint.
 */
function watch(context, sim) {
  const traffic = { registrations: 0, refreshes: 0, unauthorized: 0 };
  context.on("request", (request) => {
    const url = request.url();
    if (request.method() !== "POST") return;
    if (url === `${sim.url}/oauth/register`) traffic.registrations += 1;
    if (url === `${sim.url}/oauth/token` && /grant_type=refresh_token/.test(request.postData() ?? "")) traffic.refreshes += 1;
  });
  context.on("response", (response) => {
    if (response.url() === sim.endpoint && response.status() === 401) traffic.unauthorized += 1;
  });
  return traffic;
}
