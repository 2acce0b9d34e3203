// The page carries the text: when the route has the answer for an element's
// day cached, the shortcode and the block print it inside the element, as
// text, so a visitor without JavaScript reads it, and the widget shows it
// without asking the route again. One site, its clock fixed, its cache filled
// as visitors fill it (a call to the route) and with a hostile text of the
// test's own (a row of the options table, as the cache keeps it).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { PLUGIN_SOURCE, phpSerialize, startSite } from "./site.mjs";
import { ARGS, executablePath } from "../chromium.mjs";

const BUILT = process.env.MAGISTERIUM_WP_PLUGIN;
/** 2026-03-19T10:30:00Z, a Thursday: the parish's today (its zone is UTC). */
const INSTANT = Date.UTC(2026, 2, 19, 10, 30);
const TODAY = "2026-03-19";
/** The day whose readings a visitor's call puts in the cache, the day of the hostile saints' text, a day nobody asked about. */
const READ = "2026-03-22";
const HOSTILE_DAY = "2026-03-20";
const UNCACHED = "2026-03-21";
/** A day whose saints' answer is the service's "nothing": the widget says that in its own words. */
const NOTHING_DAY = "2026-03-18";
const HOSTILE = '</div><script>window.pwned = 1</script> &amp; <b onclick="alert(1)">bold</b>\nsecond line';
const PAGE = {
  title: "Readings",
  content: [
    `[magisterium_readings date="${READ}"]`,
    `[magisterium_saints date="${HOSTILE_DAY}"]`,
    `[magisterium_readings date="${UNCACHED}"]`,
    `<!-- wp:magisterium-a2a/readings {"date":"${READ}","lang":"es"} /-->`,
    `[magisterium_saints date="${NOTHING_DAY}"]`,
  ].join("\n"),
};
let site;
/** The readings of READ, as the route answered them (the artifact's text). */
let readings;

before(async () => {
  const token = `wp-page-text-${process.pid}`;
  const registered = await fetch(`${process.env.MAGISTERIUM_SIMULATOR}/_sim/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token, plan: "paid", rateDefault: "600/60s" }),
  });
  assert.ok(registered.ok, await registered.text());
  site = await startSite({ plugin: BUILT ?? PLUGIN_SOURCE, settings: { token, time_zone: "UTC", upstream: process.env.MAGISTERIUM_ENDPOINT }, now: INSTANT, pages: [PAGE] });
  const message = { role: "user", kind: "message", messageId: "m-1", parts: [{ kind: "text", text: READ }], metadata: { skillId: "liturgical_readings" } };
  const response = await fetch(site.route, {
    method: "POST",
    headers: { Origin: site.url, "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params: { message } }),
  });
  const answer = await response.json();
  readings = answer.result.artifacts.find((artifact) => artifact.name === "mass_readings").parts.map((part) => part.text).join("\n\n");
  assert.match(readings, /Reading/, "the simulator's readings");
  keepSaints(HOSTILE_DAY, HOSTILE);
  keepSaints(NOTHING_DAY, "No martyrology data found. ");
});
after(() => site?.stop());

/** Puts in the route's cache, as it keeps answers, a saints' answer of `text` for `day`. */
function keepSaints(day, text) {
  const task = { kind: "task", id: `t-${day}`, contextId: "c", status: { state: "completed" }, artifacts: [{ artifactId: "a", name: "martyrology", parts: [{ kind: "text", text }] }] };
  const name = `_transient_magisterium_a2a_${createHash("md5").update(`saints_of_the_day ${day}`).digest("hex")}`;
  const value = phpSerialize({ day: TODAY, result: JSON.stringify(task) }).replaceAll("\\", "\\\\").replaceAll("'", "\\'");
  site.sql(`INSERT INTO p${site.port}_options (option_name, option_value, autoload) VALUES ('${name}', '${value}', 'no');`);
}

/** The date a widget's request part carries: a text part (readings) or a data part's `date` (saints). */
const dateOf = (part) => part.text ?? part.data?.date;

/** `text` with its runs of white space as one space: what a page shows, whatever its layout. */
const words = (text) => text.replace(/\s+/g, " ").trim();

test("the page's HTML carries a cached day's text inside its element, escaped, and nothing for a day not cached", async () => {
  const html = await (await fetch(`${site.url}/`)).text();
  const elements = [...html.matchAll(/<(magisterium-[a-z]+) [^>]*>([\s\S]*?)<\/\1>/g)].map(([, name, inside]) => [name, inside]);
  assert.equal(elements.length, 5, html);
  assert.ok(!html.includes("<script>window.pwned"), "no markup from the service's text");
  assert.ok(elements[1][1].includes('data-magisterium-for="2026-03-20"') && elements[1][1].includes("&lt;/div&gt;&lt;script&gt;window.pwned = 1&lt;/script&gt; &amp;amp; &lt;b onclick=&quot;alert(1)&quot;&gt;"), elements[1][1]);
  assert.ok(elements[0][1].includes(`data-magisterium-for="${READ}"`), elements[0][1]);
  assert.equal(elements[2][1], "", "nothing cached for that day: nothing inside");
  assert.equal(elements[4][1], "", "the service's \"nothing\" is not printed as the day's text");
  assert.match(html, new RegExp(`<magisterium-readings [^>]*date="${READ}" lang="es">`), "the block's element, with its lang");
});

test("in Chromium with JavaScript off, the cached readings and saints are on the page, as text", { skip: !process.env.CHROMIUM && "needs Chromium" }, async () => {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath, args: ARGS });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    const shown = await page.locator("magisterium-readings, magisterium-saints").allInnerTexts();
    assert.equal(shown.length, 5);
    assert.ok(words(shown[0]).includes(words(readings)), `the shortcode's readings: ${shown[0]}`);
    assert.ok(words(shown[0]).startsWith("Mass readings"), "under a heading");
    assert.ok(shown[1].includes(HOSTILE), `the hostile text, shown as text with its lines: ${shown[1]}`);
    assert.equal(shown[2].trim(), "", "the day nobody asked about: empty");
    assert.ok(words(shown[3]).includes(words(readings)), `the block's readings: ${shown[3]}`);
    assert.equal(await page.locator("b[onclick]").count(), 0, "no element from the service's text");
  } finally {
    await browser.close();
  }
});

test("in Chromium, the widget shows the page's text and asks the route only for the day not cached", { skip: !(BUILT && process.env.CHROMIUM) && "needs the built plugin and Chromium" }, async () => {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath, args: ARGS });
  try {
    const page = await browser.newPage();
    const asked = [];
    page.on("request", (request) => request.url().includes("/magisterium/v1/a2a") && asked.push(dateOf(JSON.parse(request.postData()).params.message.parts[0])));
    await page.goto(`${site.url}/`);
    const cards = await page.waitForFunction(
      () => {
        const cards = [...document.querySelectorAll("magisterium-saints, magisterium-readings")].map((element) => element.shadowRoot?.querySelector(".card"));
        return cards.length === 5 && cards.every((card) => card && card.dataset.state !== "loading") && cards.map((card) => [card.dataset.state, card.querySelector(".body").textContent]);
      },
      null,
      { timeout: 30_000 },
    );
    const [read, saints, uncached, block, nothing] = await cards.jsonValue();
    assert.deepEqual(read, ["content", readings], "the shortcode's readings, from the page");
    assert.deepEqual(saints, ["content", HOSTILE], "the saints' text, as text");
    assert.deepEqual(block, ["content", readings], "the block's readings, from the page");
    assert.equal(uncached[0], "content", `the other day, from the route: ${uncached}`);
    assert.equal(nothing[0], "empty", "the service's nothing, in the widget's words (from the route)");
    assert.deepEqual(asked.sort(), [NOTHING_DAY, UNCACHED], "a request only for each day the page did not carry");
    assert.equal(await page.evaluate(() => window.pwned), undefined, "nothing of the text ran");
    // The page's text is for the day it names: another date asks the route.
    await page.evaluate(() => document.querySelector("magisterium-readings").setAttribute("date", "2026-03-23"));
    await page.waitForFunction((before) => {
      const card = document.querySelector("magisterium-readings").shadowRoot.querySelector(".card");
      return card.dataset.state === "content" && card.querySelector(".body").textContent !== before;
    }, readings);
    assert.equal(asked.at(-1), "2026-03-23", "the new day, from the route");
    assert.equal(asked.length, 3);
  } finally {
    await browser.close();
  }
});
