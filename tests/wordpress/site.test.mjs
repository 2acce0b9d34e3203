// The plugin in a throw-away WordPress, as a parish's webmaster uses it: the
// front page's shortcodes and block print the widget's elements pointed at
// the site's own proxy route, with the widget's script as a module from the
// plugin's copy; and Settings → Magisterium keeps the token to itself, saves
// only with the form's nonce, and only for an administrator.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { PLUGIN_SOURCE, ROUTE, startSite } from "./site.mjs";
import { hiddenFields, logIn } from "./admin.mjs";
import { PARISH_PAGE } from "./pages.mjs";
import { ARGS, executablePath } from "../chromium.mjs";

const TOKEN = "parish-secret-token-7f3a";
const BUILT = process.env.MAGISTERIUM_WP_PLUGIN;
let site;

before(async () => {
  // The simulator learns the parish's token (its own rate limits), as the service knows a real one.
  const registered = await fetch(`${process.env.MAGISTERIUM_SIMULATOR}/_sim/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: TOKEN, plan: "paid", rateDefault: "600/60s" }),
  });
  assert.ok(registered.ok, await registered.text());
  site = await startSite({ plugin: BUILT ?? PLUGIN_SOURCE, settings: { token: TOKEN, upstream: process.env.MAGISTERIUM_ENDPOINT }, pages: [PARISH_PAGE] });
});
after(() => site?.stop());

/** The stored settings, as PHP serialized them. */
function storedSettings() {
  return site.sql(`SELECT option_value FROM p${site.port}_options WHERE option_name = 'magisterium_a2a_settings';`);
}

test("the front page's shortcodes and block print the elements, pointed at the site's route, with the widget's module", async () => {
  const page = await (await fetch(`${site.url}/`)).text();
  const endpoint = `${site.url}${ROUTE}`;
  assert.ok(page.includes(`<magisterium-saints endpoint="${endpoint}"></magisterium-saints>`), page);
  assert.ok(page.includes(`<magisterium-readings endpoint="${endpoint}" date="next Sunday"></magisterium-readings>`));
  assert.ok(page.includes(`<magisterium-readings endpoint="${endpoint}" date="tomorrow"></magisterium-readings>`), "the block");
  const script = /<script type="module" src=["']([^"']+\/magisterium-a2a\/widget\/magisterium-widget\.js\?ver=[^"']+)["']/.exec(page);
  assert.ok(script, "the widget's script, as a module");
  assert.equal(page.match(/magisterium-widget\.js/g).length, 1, "enqueued once for three elements");
  assert.ok(!page.includes(TOKEN), "the token is not in the page");
  if (BUILT) {
    const widget = await fetch(script[1].replaceAll("&#038;", "&"));
    assert.equal(widget.status, 200);
    assert.match(await widget.text(), /customElements\.define/);
    const web = await fetch(new URL("../web/index.js", script[1]));
    assert.equal(web.status, 200, "the web build beside it");
    await web.arrayBuffer();
  }
});

test("in Chromium, the front page's widgets show the saints and the readings through the site's route", { skip: !(BUILT && process.env.CHROMIUM) && "needs the built plugin and Chromium" }, async () => {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath, args: ARGS });
  try {
    const page = await browser.newPage();
    const calls = [];
    page.on("response", (response) => response.url().includes(ROUTE) && calls.push(response.status()));
    await page.goto(`${site.url}/`);
    const card = (index) => `(${index}) .card`;
    const texts = await page.waitForFunction(
      () => {
        const cards = [...document.querySelectorAll("magisterium-saints, magisterium-readings")].map((element) => element.shadowRoot?.querySelector(".card"));
        return cards.length === 3 && cards.every((card) => card && card.dataset.state !== "loading") && cards.map((card) => `${card.dataset.state}: ${card.textContent}`);
      },
      null,
      { timeout: 30_000 },
    );
    const [saints, nextSunday, tomorrow] = await texts.jsonValue();
    assert.match(saints, /^(content|empty): Saints of the day/, card(0));
    assert.match(nextSunday, /^content: Mass readings.*Mass readings for Sunday/s, card(1));
    assert.match(tomorrow, /^content: Mass readings.*Mass readings for/s, card(2));
    assert.deepEqual(calls, [200, 200, 200], "each element called the route once, answered");
    assert.ok(site.lines().every((line) => line.includes(`origin=${site.url} `)), "Chromium sent the site's own Origin on its same-origin POSTs");
  } finally {
    await browser.close();
  }
});

test("a date attribute is printed as an attribute, escaped", async () => {
  const hostile = '"><script>alert(1)</script>';
  site.sql(`UPDATE p${site.port}_posts SET post_content = CONCAT(post_content, '\\n[magisterium_readings date=''${hostile.replaceAll('"', '&quot;')}'']') WHERE post_type = 'page';`);
  const page = await (await fetch(`${site.url}/`)).text();
  assert.ok(!page.includes("<script>alert(1)"), "no markup from an attribute");
});

test("Settings → Magisterium shows only the token's last four characters, and saves with the nonce", async () => {
  const cookies = await logIn(site);
  const settingsPage = `${site.url}/wp-admin/options-general.php?page=magisterium-a2a`;
  const html = await (await fetch(settingsPage, { headers: { Cookie: cookies } })).text();
  assert.match(html, /A token ending in …7f3a is set/);
  assert.ok(!html.includes(TOKEN), "the token is never printed back");
  const fields = hiddenFields(html, "option_page");
  assert.ok(fields._wpnonce, "the form carries a nonce");
  const form = (extra) =>
    new URLSearchParams({
      option_page: "magisterium-a2a",
      action: "update",
      "magisterium_a2a_settings[token]": "new-token-9c1d",
      "magisterium_a2a_settings[time_zone]": "America/Chicago",
      "magisterium_a2a_settings[upstream_budget]": "40",
      "magisterium_a2a_settings[days_back]": "7",
      "magisterium_a2a_settings[days_ahead]": "60",
      "magisterium_a2a_settings[client_key_header]": "CF-Connecting-IP",
      "magisterium_a2a_settings[client_misses]": "5",
      "magisterium_a2a_settings[allow_origins]": "https://chapel.example\nnot an origin",
      "magisterium_a2a_settings[skills][]": "saints_of_the_day",
      "magisterium_a2a_settings[upstream]": process.env.MAGISTERIUM_ENDPOINT ?? "",
      ...extra,
    });
  const post = (body, cookie) => fetch(`${site.url}/wp-admin/options.php`, { method: "POST", body, headers: { Cookie: cookie }, redirect: "manual" });

  const forged = await post(form({ _wpnonce: "0123456789" }), cookies);
  await forged.arrayBuffer();
  assert.notEqual(forged.status, 302, "a wrong nonce saves nothing");
  const anonymous = await post(form({ _wpnonce: fields._wpnonce }), "");
  await anonymous.arrayBuffer();
  assert.ok(storedSettings().includes(TOKEN), "neither changed the token");

  const saved = await post(form({ _wpnonce: fields._wpnonce, _wp_http_referer: fields._wp_http_referer }), cookies);
  await saved.arrayBuffer();
  assert.equal(saved.status, 302, "saved, then back to the page");
  const stored = storedSettings();
  for (const value of ["new-token-9c1d", "America/Chicago", "https://chapel.example", 's:15:"upstream_budget";i:40;', 's:9:"days_back";i:7;', '"CF-Connecting-IP"']) assert.ok(stored.includes(value), `${value} in ${stored}`);
  assert.ok(!stored.includes("not an origin") && !stored.includes("liturgical_readings"), stored);

  const again = await (await fetch(new URL(saved.headers.get("location"), site.url), { headers: { Cookie: cookies } })).text();
  assert.match(again, /A token ending in …9c1d is set/);
  assert.match(again, /not is not an origin/, "the mistake is said"); // the field is split at spaces and commas
  const keep = hiddenFields(again, "option_page");
  await (await post(form({ _wpnonce: keep._wpnonce, "magisterium_a2a_settings[token]": "" }), cookies)).arrayBuffer();
  assert.ok(storedSettings().includes("new-token-9c1d"), "an empty token field keeps the token");
});

test("both shortcodes pass a language tag on as the element's lang, and leave out what is none", async () => {
  site.sql(`UPDATE p${site.port}_posts SET post_content = CONCAT(post_content, '\\n[magisterium_saints lang="es"][magisterium_readings lang="pt-BR" date="tomorrow"][magisterium_saints lang=''x&quot; onclick=&quot;alert(1)'']') WHERE post_type = 'page';`);
  const page = await (await fetch(`${site.url}/`)).text();
  const endpoint = `${site.url}${ROUTE}`;
  // (the Chromium test's visit cached these days: each element then carries its text, page-text.test.mjs)
  assert.ok(page.includes(`<magisterium-saints endpoint="${endpoint}" lang="es">`), "saints in Spanish");
  assert.ok(page.includes(`<magisterium-readings endpoint="${endpoint}" date="tomorrow" lang="pt-BR">`), "readings in Portuguese");
  assert.ok(!page.includes("onclick"), "no attribute from a lang that is no language tag");
});

test("the route is the plugin's however WordPress's case-insensitive matching spells it: another origin is refused", async () => {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params: {} });
  for (const path of [ROUTE, "/wp-json/Magisterium/V1/A2A"]) {
    const response = await fetch(`${site.url}${path}`, { method: "POST", body, headers: { Origin: "https://stranger.example", "Content-Type": "application/json" } });
    await response.arrayBuffer();
    assert.equal(response.status, 403, path);
    assert.equal(response.headers.get("access-control-allow-origin"), null, `${path}: no CORS for a stranger`);
  }
});

test("a visitor's value ending in a newline is one quoted log word, not a second line", async () => {
  const message = { role: "user", kind: "message", messageId: "m1", parts: [{ kind: "text", text: "today" }], metadata: { skillId: "saints_of_the_day\n" } };
  const response = await fetch(`${site.url}${ROUTE}`, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "message/send", params: { message } }),
    headers: { Origin: site.url, "Content-Type": "application/json" },
  });
  await response.arrayBuffer();
  const lines = site.lines();
  assert.ok(lines.some((line) => line.includes('skill="saints_of_the_day\\n" ')), lines.slice(-3).join("\n"));
  assert.ok(lines.every((line) => line.startsWith("method=")), `every line a whole log line:\n${lines.slice(-3).join("\n")}`);
});

test("Settings → Magisterium: a Settings link on the Plugins row, both number fields of a row named, a typed origin printed back as text", async () => {
  const cookies = await logIn(site);
  const plugins = await (await fetch(`${site.url}/wp-admin/plugins.php`, { headers: { Cookie: cookies } })).text();
  assert.match(plugins, /<a href="[^"]*options-general\.php\?page=magisterium-a2a">Settings<\/a>/);
  const settingsPage = `${site.url}/wp-admin/options-general.php?page=magisterium-a2a`;
  const html = await (await fetch(settingsPage, { headers: { Cookie: cookies } })).text();
  for (const id of ["days_ahead", "client_misses"]) assert.match(html, new RegExp(`id="magisterium_a2a_${id}"[^>]*aria-label="[^"]+"`), id);
  const fields = hiddenFields(html, "option_page");
  const hostile = "<svg/onload=alert(document.domain)>";
  const form = new URLSearchParams({
    option_page: "magisterium-a2a",
    action: "update",
    _wpnonce: fields._wpnonce,
    _wp_http_referer: fields._wp_http_referer,
    "magisterium_a2a_settings[upstream_budget]": "40",
    "magisterium_a2a_settings[days_back]": "7",
    "magisterium_a2a_settings[days_ahead]": "60",
    "magisterium_a2a_settings[client_misses]": "5",
    "magisterium_a2a_settings[allow_origins]": `https://chapel.example\n${hostile}`,
    "magisterium_a2a_settings[skills][]": "saints_of_the_day",
    "magisterium_a2a_settings[upstream]": process.env.MAGISTERIUM_ENDPOINT ?? "",
  });
  // The first save of the option: WordPress then runs the sanitizer twice (update_option, then add_option).
  site.sql(`DELETE FROM p${site.port}_options WHERE option_name = 'magisterium_a2a_settings';`);
  const saved = await fetch(`${site.url}/wp-admin/options.php`, { method: "POST", body: form, headers: { Cookie: cookies }, redirect: "manual" });
  await saved.arrayBuffer();
  assert.equal(saved.status, 302, "saved");
  assert.ok(storedSettings().includes("https://chapel.example"), `the origin kept on the first save: ${storedSettings()}`);
  const again = await (await fetch(new URL(saved.headers.get("location"), site.url), { headers: { Cookie: cookies } })).text();
  assert.ok(!again.includes("<svg/onload"), "the typed text is not markup on the page");
  assert.ok(again.includes("&lt;svg/onload=alert(document.domain)&gt; is not an origin"), "the mistake is said, as text");
  assert.ok(!again.includes("Array is not an origin") && !/Warning|Notice/.test(again), "no second pass's mistake");
});
