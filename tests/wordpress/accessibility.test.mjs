// axe-core in Chromium on what the plugin shows: Settings → Magisterium (the
// plugin's part of the page: WordPress's own admin around it is not the
// plugin's to fix) with no token, with a working one, after the service
// refused one and once connected, and the visitor's front page with both widgets showing their
// answers. Each must have no violation.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { ARGS, executablePath } from "../chromium.mjs";
import { SETTINGS_PAGE, connectThroughConsent, logIn, pageWithCookies, saveSettings } from "./admin.mjs";
import { PARISH_PAGE } from "./pages.mjs";
import { freshToken } from "../proxy/harness.mjs";
import { PLUGIN_SOURCE, startSite } from "./site.mjs";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const BUILT = process.env.MAGISTERIUM_WP_PLUGIN;
let site;
let browser;

let TOKEN;

before(async () => {
  TOKEN = await freshToken();
  site = await startSite({ plugin: BUILT ?? PLUGIN_SOURCE, settings: { upstream: process.env.MAGISTERIUM_ENDPOINT }, pages: [PARISH_PAGE] });
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({ executablePath, args: ARGS });
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

/** A Chromium page with `cookies` set for the site. */
const pageWith = (cookies) => pageWithCookies(browser, site, cookies);

/** axe-core's violations on `page` within `selector`, each as `id: the nodes' targets`. */
async function violations(page, selector) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate((within) => globalThis.axe.run(within ? { include: [within] } : document), selector);
  return found.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** The violations of Settings → Magisterium's own content, as the administrator sees it now. */
async function settingsViolations() {
  const page = await pageWith(await logIn(site));
  await page.goto(`${site.url}${SETTINGS_PAGE}`);
  const found = await violations(page, ".wrap");
  await page.context().close();
  return found;
}

test("Settings → Magisterium has no axe-core violation: with no token, with a working one, and after the service refused one", async () => {
  assert.deepEqual(await settingsViolations(), [], "no token");
  const cookies = await logIn(site);
  await saveSettings(site, cookies, { token: TOKEN, upstream: process.env.MAGISTERIUM_ENDPOINT });
  assert.deepEqual(await settingsViolations(), [], "a working token, its check said");
  await saveSettings(site, cookies, { token: "mistyped-token", upstream: process.env.MAGISTERIUM_ENDPOINT });
  assert.deepEqual(await settingsViolations(), [], "a refused token: the status, the notice");
});

test("Settings → Magisterium has no axe-core violation once connected through the consent page", async () => {
  const page = await pageWith(await logIn(site));
  assert.match(await connectThroughConsent(page, site), /Connected to Magisterium/);
  assert.deepEqual(await violations(page, ".wrap"), [], "connected: the connection, the check's notice, the status");
  await page.context().close();
});

test("the visitor's front page with both widgets answered has no axe-core violation", { skip: !BUILT && "needs the built plugin" }, async () => {
  await saveSettings(site, await logIn(site), { token: TOKEN, upstream: process.env.MAGISTERIUM_ENDPOINT, skills: ["saints_of_the_day", "liturgical_readings"] });
  const page = await pageWith();
  await page.goto(`${site.url}/`);
  await page.waitForFunction(() => {
    const cards = [...document.querySelectorAll("magisterium-saints, magisterium-readings")].map((element) => element.shadowRoot?.querySelector(".card"));
    return cards.length === 3 && cards.every((card) => card && ["content", "empty"].includes(card.dataset.state));
  }, null, { timeout: 30_000 });
  assert.deepEqual(await violations(page), []);
  await page.context().close();
});
