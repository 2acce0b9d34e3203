// What a visitor's widget says when the parish's site cannot answer, in
// Chromium on the built plugin: "not connected" when the site has no usable
// token (the route's data.reason, distinct from "could not be reached"), and
// for a day's calls spent, the time of day they come back, never a count of
// seconds.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { ARGS, executablePath } from "../chromium.mjs";
import en from "../../widget/lang/en.js";
import { PARISH_PAGE } from "./pages.mjs";
import { freshToken } from "../proxy/harness.mjs";
import { ROUTE, startSite } from "./site.mjs";

const BUILT = process.env.MAGISTERIUM_WP_PLUGIN;
const skip = !(BUILT && process.env.CHROMIUM) && "needs the built plugin and Chromium";
const sites = [];
after(() => Promise.all(sites.map((site) => site.stop())));

/** The front page of a site with `settings`, its three widgets' texts once none is loading. */
async function widgetTexts(settings, before = async () => {}) {
  const site = await startSite({ plugin: BUILT, settings: { upstream: process.env.MAGISTERIUM_ENDPOINT, ...settings }, pages: [PARISH_PAGE] });
  sites.push(site);
  await before(site);
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath, args: ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${site.url}/`);
    const texts = await page.waitForFunction(
      () => {
        const cards = [...document.querySelectorAll("magisterium-saints, magisterium-readings")].map((element) => element.shadowRoot?.querySelector(".card"));
        return cards.length === 3 && cards.every((card) => card && card.dataset.state !== "loading") && cards.map((card) => `${card.dataset.state}: ${card.querySelector(".body").textContent}`);
      },
      null,
      { timeout: 30_000 },
    );
    return await texts.jsonValue();
  } finally {
    await browser.close();
  }
}

test("a site with no token: each widget says the site is not connected, not that the service could not be reached", { skip }, async () => {
  const texts = await widgetTexts({});
  assert.deepEqual(texts, Array(3).fill(`error: ${en.notConnected}`));
});

test("the day's calls spent: each widget says the time of day they come back, not a number of seconds", { skip }, async () => {
  const token = await freshToken();
  // A budget of one call, no reserve: a stranger's far day spends it.
  const texts = await widgetTexts({ token, upstream_budget: 1, reserve: 0 }, async (site) => {
    const message = { role: "user", kind: "message", messageId: "m-1", parts: [{ kind: "text", text: "2026-12-31" }], metadata: { skillId: "liturgical_readings" } };
    const spent = await fetch(`${site.url}${ROUTE}`, { method: "POST", headers: { Origin: site.url, "Content-Type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params: { message } }) });
    assert.equal(spent.status, 200, await spent.text());
  });
  const [before, after] = en.backAt.split("{time}");
  for (const text of texts) {
    assert.ok(text.startsWith(`error: ${before}`) && text.endsWith(after), text);
    assert.match(text.slice(`error: ${before}`.length, -after.length), /^\d{1,2}:\d{2}(\s?[AP]M)?$/u, `a time of day: ${text}`);
    assert.doesNotMatch(text, /seconds?/);
  }
});
