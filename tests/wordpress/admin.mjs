// What the wordpress suite's tests do in a site's admin, as a person would:
// log in (the administrator, or a user made with a role), read a page, take a
// form's hidden fields (its nonce among them), save Settings → Magisterium,
// and in Chromium connect the site through the authorization server's consent page.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { ADMIN, phpSerialize } from "./site.mjs";

/** The settings page, under a site's URL. */
export const SETTINGS_PAGE = "/wp-admin/options-general.php?page=magisterium-a2a";

/** `user`'s cookies on `site` (default the administrator) after logging in. */
export async function logIn(site, user = ADMIN) {
  const form = new URLSearchParams({ log: user.user, pwd: user.password, "wp-submit": "Log In", testcookie: "1" });
  const response = await fetch(`${site.url}/wp-login.php`, {
    method: "POST",
    body: form,
    headers: { Cookie: "wordpress_test_cookie=WP%20Cookie%20check" },
    redirect: "manual",
  });
  await response.arrayBuffer();
  assert.equal(response.status, 302, `${user.user} logged in`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

/** A form's hidden fields (its nonce among them), from a page's HTML; `within` picks the form holding that text. */
export function hiddenFields(html, within) {
  const part = within === undefined ? html : [...html.matchAll(/<form[\s\S]*?<\/form>/g)].map(([form]) => form).find((form) => form.includes(within));
  assert.ok(part, `a form holding ${within}`);
  const attribute = (tag, name) => new RegExp(`\\s${name}=["']([^"']*)["']`).exec(tag)?.[1];
  const hidden = [...part.matchAll(/<input[^>]*type=["']hidden["'][^>]*>/g)].map(([tag]) => [attribute(tag, "name"), attribute(tag, "value")]);
  return Object.fromEntries(hidden);
}

/** The form of `html` that posts the hidden field `action` = `action` (admin-post.php's), as HTML. */
export function formWithAction(html, action) {
  return [...html.matchAll(/<form[\s\S]*?<\/form>/g)].map(([form]) => form).find((form) => hiddenFields(form).action === action);
}

/** The HTML of `path` on `site` with `cookies`. */
export async function page(site, path, cookies) {
  const response = await fetch(`${site.url}${path}`, { headers: { Cookie: cookies } });
  assert.equal(response.status, 200, path);
  return response.text();
}

/** Posts `form` to `path` on `site` with `cookies`, then follows the redirect: the page it leads to (HTML). */
export async function postAndFollow(site, path, form, cookies) {
  const posted = await fetch(`${site.url}${path}`, { method: "POST", body: new URLSearchParams(form), headers: { Cookie: cookies }, redirect: "manual" });
  await posted.arrayBuffer();
  assert.equal(posted.status, 302, `${path}: saved, then back to a page`);
  const location = new URL(posted.headers.get("location"), site.url);
  return page(site, location.pathname + location.search, cookies);
}

/**
 * Saves Settings → Magisterium as its form does, with `fields` (`token`, `upstream`, `upstream_budget`, …) over the form's
 * defaults, and the widgets `skills` served (default the saints only); the page it leads to.
 */
export async function saveSettings(site, cookies, { skills = ["saints_of_the_day"], ...fields }) {
  const html = await page(site, SETTINGS_PAGE, cookies);
  const hidden = hiddenFields(html, "option_page");
  const values = { upstream_budget: "100", days_back: "31", days_ahead: "366", client_misses: "20", ...fields };
  const form = [...Object.entries(hidden), ...Object.entries(values).map(([name, value]) => [`magisterium_a2a_settings[${name}]`, value])];
  form.push(...skills.map((skill) => ["magisterium_a2a_settings[skills][]", skill]));
  return postAndFollow(site, "/wp-admin/options.php", form, cookies);
}

/** Makes a user `login` with `role` (e.g. `subscriber`) on `site`; the user's login and password, as logIn takes them. */
export function addUser(site, login, role) {
  const password = `${login}-password`;
  const prefix = `p${site.port}_`;
  // WordPress takes an MD5 user_pass and rehashes it at the first log-in.
  const md5 = createHash("md5").update(password).digest("hex");
  site.sql(`INSERT INTO ${prefix}users (user_login, user_pass, user_nicename, user_email, user_registered, display_name) VALUES ('${login}', '${md5}', '${login}', '${login}@parish.example', NOW(), '${login}');
    INSERT INTO ${prefix}usermeta (user_id, meta_key, meta_value) SELECT ID, '${prefix}capabilities', '${phpSerialize({ [role]: true })}' FROM ${prefix}users WHERE user_login = '${login}';`);
  return { user: login, password };
}

/** The page's text between tags, its entities read, white space collapsed (what a person reads). */
export function text(html) {
  const entities = { "&#039;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&amp;": "&" };
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#039|quot|lt|gt|amp);/g, (entity) => entities[entity])
    .replace(/\s+/g, " ");
}

/** A new Chromium page of `browser` (its own context) with `cookies` (a Cookie header's pairs) set for `site`. */
export async function pageWithCookies(browser, site, cookies = "") {
  const context = await browser.newContext();
  const pairs = cookies.split("; ").filter(Boolean).map((pair) => pair.split("="));
  await context.addCookies(pairs.map(([name, ...value]) => ({ name, value: value.join("="), url: site.url })));
  return context.newPage();
}

/** On `page`, an administrator's: Connect to Magisterium, then Allow on the consent page; the settings page's HTML it comes back to. */
export async function connectThroughConsent(page, site) {
  await page.goto(`${site.url}${SETTINGS_PAGE}`);
  await Promise.all([page.waitForURL(/\/oauth\/authorize\?/), page.click('input[type="submit"][value="Connect to Magisterium"]')]);
  assert.match(await page.content(), /St\. Example Parish/, "the consent page names the site's client");
  await Promise.all([page.waitForURL(/options-general\.php\?page=magisterium-a2a/), page.click('button[value="allow"]')]);
  return page.content();
}
