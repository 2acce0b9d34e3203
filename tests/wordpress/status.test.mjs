// The webmaster is told, and only answered calls count: a token is checked
// with one call when it is saved, Settings → Magisterium shows the token's
// state, today's budget used and left and the last upstream failure, "Check
// now" makes one call; while the service refuses the token, an admin notice
// (administrators only) and a Site Health test say so, visitors' misses are
// answered with the service's refusal without asking it again, and spend
// nothing. An upstream that counts (tests/proxy/harness.mjs) stands between
// each site and the simulator.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { INSTANT, countingUpstream, daysAfter, deadEndpoint, fault, freshToken, widgetBody } from "../proxy/harness.mjs";
import { phpSerialize, startSite } from "./site.mjs";
import { SETTINGS_PAGE, addUser, hiddenFields, logIn, page, postAndFollow, saveSettings, text } from "./admin.mjs";

const stops = [];
after(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** A counting upstream and a site calling it with `settings`; both stop when the tests end. */
async function siteWithUpstream(settings) {
  const upstream = await countingUpstream();
  stops.push(() => upstream.stop());
  const site = await startSite({ settings: { upstream: upstream.endpoint, ...settings }, now: INSTANT });
  stops.push(() => site.stop());
  return { site, upstream };
}

/** A token the simulator never registered: it answers 401 -32004. */
function unknownToken() {
  return `mistyped-${process.pid}-${Math.random().toString(36).slice(2)}`;
}

/** The site's today (INSTANT's day, UTC) plus `days`, as `YYYY-MM-DD`. */
function dayAfter(days) {
  return new Date(daysAfter(days)).toISOString().slice(0, 10);
}

/** A visitor's widget request for the saints of `date`: `{ status, body }`. */
async function visit(site, date, id = 1) {
  const response = await fetch(site.route, { method: "POST", body: widgetBody("saints_of_the_day", date, id), headers: { Origin: site.url, "Content-Type": "application/json" } });
  return { status: response.status, body: await response.json() };
}

test("a mistyped token is refused when it is saved, said there; a good one is said accepted; a new endpoint is checked too; only the answered check is counted", async () => {
  const token = await freshToken();
  const { site, upstream } = await siteWithUpstream({ token, upstream_budget: 10 });
  const cookies = await logIn(site);
  const refused = text(await saveSettings(site, cookies, { token: unknownToken(), upstream: upstream.endpoint, upstream_budget: "10" }));
  assert.match(refused, /The Magisterium service refused the parish's token \(HTTP 401: [^)]+\)/, "the save says the token is refused");
  assert.equal(upstream.sent.length, 1, "one call checked it");
  assert.match(refused, /0 of 10 used, 10 left/, "the refused check spent nothing");
  const accepted = text(await saveSettings(site, cookies, { token, upstream: upstream.endpoint, upstream_budget: "10" }));
  assert.match(accepted, /The Magisterium service accepted the token/);
  assert.doesNotMatch(accepted, /refused the parish's token/, "the new token is not the refused one");
  assert.match(accepted, /1 of 10 used, 9 left/, "the answered check counted");
  assert.match(accepted, /Working: the service last answered on/);
  assert.equal(upstream.sent.length, 2);
  const unreachable = text(await saveSettings(site, cookies, { token: "", upstream: await deadEndpoint(), upstream_budget: "10" }));
  assert.match(unreachable, /The token could not be checked: the Magisterium service did not answer \(no answer: the Magisterium service could not be reached\)/, "a new endpoint is checked too");
  assert.match(unreachable, /1 of 10 used, 9 left/, "no answer spent nothing");
});

test("with a refused token, 47 visitors' misses make one upstream call and spend nothing; administrators (not subscribers) get a notice, Site Health says it; a fixed token answers the uncached days", async () => {
  const { site, upstream } = await siteWithUpstream({ token: unknownToken(), upstream_budget: 3 });
  const answers = [];
  for (let i = 0; i < 47; i++) answers.push(await visit(site, dayAfter(i - 20), i));
  assert.ok(answers.every(({ status, body }) => status === 401 && body.error.code === -32004), "each visitor gets the service's refusal, not a 503");
  assert.equal(upstream.sent.length, 1, "one upstream call for 47 misses");
  const caches = site.lines().map((line) => /cache=(\S+)/.exec(line)[1]);
  assert.deepEqual([caches[0], new Set(caches.slice(1))], ["miss", new Set(["held"])]);

  const admin = await logIn(site);
  const dashboard = await page(site, "/wp-admin/index.php", admin);
  assert.match(dashboard, /notice-error magisterium-a2a-refused/, "the administrator is told");
  assert.match(text(dashboard), /refused the parish's token \(HTTP 401/);
  const settings = await page(site, SETTINGS_PAGE, admin);
  assert.match(text(settings), /refused the parish's token \(HTTP 401/, "the settings page's status says it");
  assert.doesNotMatch(settings, /magisterium-a2a-refused/, "once: the notice is not repeated above it");
  const subscriber = await logIn(site, addUser(site, "parishioner", "subscriber"));
  assert.doesNotMatch(await page(site, "/wp-admin/profile.php", subscriber), /magisterium-a2a-refused/, "a subscriber is not");
  const health = await page(site, "/wp-admin/site-health.php", admin);
  assert.match(health, /"test":"magisterium_a2a_token"/, "the Site Health test ran");
  assert.match(health, /"status":"critical"[^}]*"label":"The Magisterium service refuses the parish's token"|"label":"The Magisterium service refuses the parish's token"[^}]*"status":"critical"/);
  assert.match(text(await page(site, SETTINGS_PAGE, admin)), /0 of 3 used, 3 left/, "the 47 misses spent nothing");

  const token = await freshToken();
  assert.match(text(await saveSettings(site, admin, { token, upstream: upstream.endpoint, upstream_budget: "3" })), /accepted the token/);
  for (const date of [dayAfter(1), dayAfter(2)]) assert.equal((await visit(site, date)).status, 200, `${date} answered with the fixed token`);
  assert.equal(upstream.sent.length, 4, "the check and the two days");
  assert.doesNotMatch(await page(site, "/wp-admin/index.php", admin), /magisterium-a2a-refused/, "the notice is gone with the refused token");
  assert.match(text(await page(site, SETTINGS_PAGE, admin)), /3 of 3 used, 0 left/);
});

test("Check now makes one call: counted when answered, not when the service fails, whose reason and time the page shows; without its nonce, none", async () => {
  const token = await freshToken();
  const { site, upstream } = await siteWithUpstream({ token, upstream_budget: 5 });
  const admin = await logIn(site);
  const before = await page(site, SETTINGS_PAGE, admin);
  assert.match(text(before), /Set; not used yet/);
  assert.match(text(before), /Last upstream failure None recorded/);
  const check = hiddenFields(before, "magisterium_a2a_check");
  assert.equal(check.action, "magisterium_a2a_check");

  const forged = await fetch(`${site.url}/wp-admin/admin-post.php`, { method: "POST", body: new URLSearchParams({ ...check, _wpnonce: "0123456789" }), headers: { Cookie: admin }, redirect: "manual" });
  await forged.arrayBuffer();
  assert.notEqual(forged.status, 302, "a wrong nonce is refused");
  assert.equal(upstream.sent.length, 0, "and calls nothing");

  const answered = text(await postAndFollow(site, "/wp-admin/admin-post.php", check, admin));
  assert.match(answered, /accepted the token/);
  assert.match(answered, /1 of 5 used, 4 left/);
  assert.match(answered, /Working: the service last answered on/);
  assert.equal(upstream.sent.length, 1, "one call");

  await fault(token, "error", { code: -32603, message: "Down for maintenance <b>tonight</b>", httpStatus: 503 });
  const failedHtml = await postAndFollow(site, "/wp-admin/admin-post.php", hiddenFields(await page(site, SETTINGS_PAGE, admin), "magisterium_a2a_check"), admin);
  const failed = text(failedHtml);
  assert.match(failed, /could not be checked: the Magisterium service did not answer \(HTTP 503: Down for maintenance <b>tonight<\/b>\)/);
  assert.ok(!failedHtml.includes("<b>tonight"), "the service's words are text, not markup");
  assert.match(failed, /1 of 5 used, 4 left/, "the failure spent nothing");
  assert.match(failed, /Last upstream failure .{5,60}?: HTTP 503: Down for maintenance/, "the last failure, its time and the service's reason");
  assert.match(failed, /No call is made to the service before/, "the hold-off is said");
  assert.equal(upstream.sent.length, 2);
  assert.equal((await visit(site, dayAfter(3))).status, 503, "a visitor's miss gets that failure meanwhile");
  assert.equal(upstream.sent.length, 2, "without an upstream call");
});

test("visitors waiting on another visitor's refused call get the service's refusal, not a 503 busy", async () => {
  const token = unknownToken();
  const { site, upstream } = await siteWithUpstream({ token });
  // The refused call is slow, so the others are waiting on it (the site runs 4 PHP workers).
  await fault(token, "slow", { delayMs: 1500 });
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => visit(site, dayAfter(1), i)));
  assert.deepEqual(
    answers.map(({ status, body }) => `${status} ${body.error?.code}`),
    Array(12).fill("401 -32004"),
  );
  assert.equal(upstream.sent.length, 1, "one upstream call");
});

test("a refusal holds until the token changes or the service answers it again: a 403 is passed on as sent, and Check now, once the service takes the token, ends it", async () => {
  const { site, upstream } = await siteWithUpstream({ token: "free-token" }); // the simulator's free plan: 403 -32005
  for (const [id, date] of [dayAfter(1), dayAfter(2)].entries()) {
    const { status, body } = await visit(site, date, id);
    assert.deepEqual([status, body.id, body.error.code], [403, id, -32005], date);
  }
  assert.equal(upstream.sent.length, 1);

  const token = unknownToken();
  site.sql(`UPDATE p${site.port}_options SET option_value = '${phpSerialize({ token, upstream: upstream.endpoint })}' WHERE option_name = 'magisterium_a2a_settings';`);
  assert.equal((await visit(site, dayAfter(3))).status, 401, "another token is asked about at once");
  assert.equal((await visit(site, dayAfter(4))).status, 401, "and held");
  assert.equal(upstream.sent.length, 2);

  const registered = await fetch(`${process.env.MAGISTERIUM_SIMULATOR}/_sim/tokens`, { method: "POST", body: JSON.stringify({ token }), headers: { "Content-Type": "application/json" } });
  assert.ok(registered.ok, "the service now takes the token");
  assert.equal((await visit(site, dayAfter(5))).status, 401, "the route does not know yet: it asks nothing");
  const admin = await logIn(site);
  const checked = text(await postAndFollow(site, "/wp-admin/admin-post.php", hiddenFields(await page(site, SETTINGS_PAGE, admin), "magisterium_a2a_check"), admin));
  assert.match(checked, /accepted the token/);
  assert.doesNotMatch(checked, /refused the parish's token/, "the refusal is over");
  assert.equal((await visit(site, dayAfter(5))).status, 200, "the same token answers again");
  assert.equal(upstream.sent.length, 4, "the check and the day");
});
