// Settings → Magisterium → Connect to Magisterium, against a simulator of the
// test's own (its authorization server, access tokens of TTL seconds) behind
// the sign-in suites' proxy that counts (and holds a little) each refresh at
// the token endpoint: Chromium connects a throw-away WordPress through the
// real consent page; past the token's expiry, or after the service refuses
// it, the route keeps answering with one refresh; two workers due at once
// refresh once and the grant lives on; Disconnect revokes the grant; a
// refused refresh shows "Not connected" and stops the upstream calls.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { ADMIN, PLUGIN_SOURCE, phpSerialize, startSite } from "./site.mjs";
import { SETTINGS_PAGE, connectThroughConsent, formWithAction, hiddenFields, logIn, pageWithCookies } from "./admin.mjs";
import { answerConsent, holdRefreshes, refreshStillWorks, revoke, startSimulator } from "../sign-in-server.mjs";
import { HOSTILE_ENDPOINTS, startMetadataServer } from "../metadata-server.mjs";
import { ARGS, executablePath } from "../chromium.mjs";

/** The simulator's access-token lifetime, in seconds. */
const TTL = 600;
/** How long the proxy holds each refresh, so that two workers due at once overlap (no assertion on time). */
const HOLD_MS = 500;
/** The site's clock at the start (the route's renewals follow it); moved with the simulator's. */
const START = Date.now();
const DAY_MS = 86_400_000;

let sim;
let proxy;
let site;
let browser;
let clock = START;
let nextDay = 1;
/** The client the first connection registered. */
let firstClient;

before(async () => {
  sim = await startSimulator(["--access-token-ttl-secs", String(TTL)]);
  proxy = await holdRefreshes(sim, HOLD_MS);
  site = await startSite({ plugin: process.env.MAGISTERIUM_WP_PLUGIN ?? PLUGIN_SOURCE, settings: { upstream: `${proxy.url}/api/v1/a2a` }, now: START });
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({ executablePath, args: ARGS });
});
after(async () => {
  await browser?.close();
  await site?.stop();
  await proxy?.stop();
  await sim?.stop();
});

/** The settings page's address. */
const settingsPage = () => `${site.url}${SETTINGS_PAGE}`;

/** The stored connection (its tokens among its fields) and the option's autoload, or null when there is none. */
function storedConnection() {
  const rows = site.sql(`SELECT autoload, option_value FROM p${site.port}_options WHERE option_name = 'magisterium_a2a_connection';`).trim().split("\n");
  if (rows.length < 2) return null;
  const [autoload, value] = rows[1].split("\t");
  const field = (name) => new RegExp(`s:${name.length}:"${name}";(?:s:\\d+:"([^"]*)"|N;)`).exec(value)?.[1] ?? null;
  return { autoload, state: field("state"), accessToken: field("access_token"), refreshToken: field("refresh_token"), clientId: field("client_id") };
}

/** Moves the simulator's clock and the site's `seconds` forward. */
async function advance(seconds) {
  await sim.control("clock", { advanceSecs: seconds });
  clock += seconds * 1000;
  await site.setClock(clock);
}

/** One widget call of the route for a day no call asked about yet (so a miss, an upstream call): `{ status, body, line }`. */
async function askNewDay() {
  const day = new Date(START + nextDay++ * DAY_MS).toISOString().slice(0, 10);
  const message = { role: "user", kind: "message", messageId: `m-${day}`, parts: [{ kind: "data", data: { date: day } }], metadata: { skillId: "saints_of_the_day" } };
  const response = await fetch(site.route, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params: { message } }),
    headers: { Origin: site.url, "Content-Type": "application/json" },
  });
  const body = await response.json();
  const line = site.lines().findLast((entry) => entry.includes(` day=${day} `));
  return { status: response.status, body, line };
}

/** Connects the site in Chromium as the administrator: logs in, clicks Connect, Allow on the consent page; the settings page it comes back to. */
async function connectInChromium() {
  const page = await pageWithCookies(browser, site, await logIn(site));
  try {
    return await connectThroughConsent(page, site);
  } finally {
    await page.context().close();
  }
}

test("in Chromium, Connect to Magisterium goes through the consent page and back; the route then answers with the connection's token", async () => {
  const html = await connectInChromium();
  const connection = storedConnection();
  assert.equal(connection?.state, "connected", html);
  assert.equal(connection.autoload, "no", "the tokens are not autoloaded");
  assert.match(html, new RegExp(`Connected to ${proxy.url} by ${ADMIN.user} on `));
  assert.match(html, /Connected to Magisterium: the service answered a test call \(today(&#039;|')s saints\)\./, "the new token checked with one call");
  assert.match(html, /renewed on the server, by the first call of the widgets after [^<]*\d/, "when the token next renews");
  for (const token of [connection.accessToken, connection.refreshToken]) assert.ok(token && !html.includes(token), "no token on the page");
  const { status, line } = await askNewDay();
  assert.equal(status, 200, line);
  assert.match(line, / upstream=200 /);
  assert.equal(proxy.refreshes(), 0);
  firstClient = connection.clientId;
});

test("past the access token's expiry the widgets keep answering: the token is renewed once, on the server", async () => {
  const before = storedConnection();
  await advance(TTL + 1);
  for (let call = 0; call < 2; call++) {
    const { status, line } = await askNewDay();
    assert.equal(status, 200, line);
  }
  assert.equal(proxy.refreshes(), 1, "one refresh at the token endpoint");
  const after = storedConnection();
  assert.notEqual(after.accessToken, before.accessToken);
  assert.notEqual(after.refreshToken, before.refreshToken, "rotated");
  const logged = site.output();
  for (const token of [before.accessToken, before.refreshToken, after.accessToken, after.refreshToken]) assert.ok(!logged.includes(token), "no token in the log or PHP's output");
});

test("a token due for renewal is renewed ahead of its expiry, before the service refuses it", async () => {
  const refreshes = proxy.refreshes();
  await advance(TTL - 30); // within a minute of the expiry: due, and still accepted upstream
  const { status, line } = await askNewDay();
  assert.equal(status, 200, line);
  assert.equal(proxy.refreshes(), refreshes + 1, "renewed without a 401 first");
});

test("a token the service refuses before its expiry is renewed once and the call answered", async () => {
  const { accessToken, clientId } = storedConnection();
  const refreshes = proxy.refreshes();
  await revoke(sim, clientId, accessToken); // an access token alone: the grant lives on
  const { status, line } = await askNewDay();
  assert.equal(status, 200, line);
  assert.equal(proxy.refreshes(), refreshes + 1);
  assert.notEqual(storedConnection().accessToken, accessToken);
});

test("two workers due at once refresh once: the refresh token is used once and the grant lives on", async () => {
  const refreshes = proxy.refreshes();
  await advance(TTL + 1);
  const answers = await Promise.all([askNewDay(), askNewDay()]);
  assert.deepEqual(
    answers.map(({ status }) => status),
    [200, 200],
    answers.map(({ line }) => line).join("\n"),
  );
  assert.equal(proxy.refreshes(), refreshes + 1, "one refresh for both");
  assert.equal(storedConnection().state, "connected");
  await advance(TTL + 1);
  assert.equal((await askNewDay()).status, 200, "the grant still renews");
});

test("a renewal that gets no answer ends nothing: the token still valid is used, and the next call renews", async () => {
  const refreshes = proxy.refreshes();
  const { accessToken } = storedConnection();
  await advance(TTL - 30); // due, and still accepted upstream
  proxy.dropRefreshes(1);
  const first = await askNewDay();
  assert.equal(first.status, 200, first.line);
  assert.equal(proxy.refreshes(), refreshes + 1, "the renewal was tried");
  assert.deepEqual([storedConnection().state, storedConnection().accessToken], ["connected", accessToken], "still connected, with the same token");
  const second = await askNewDay();
  assert.equal(second.status, 200, second.line);
  assert.equal(proxy.refreshes(), refreshes + 2, "renewed on the next call");
  assert.notEqual(storedConnection().accessToken, accessToken);
});

test("Disconnect revokes the grant at the authorization server and deletes the tokens", async () => {
  const { refreshToken, clientId } = storedConnection();
  const cookies = await logIn(site);
  const html = await (await fetch(settingsPage(), { headers: { Cookie: cookies } })).text();
  const form = formWithAction(html, "magisterium_a2a_disconnect");
  assert.ok(form, "a Disconnect form");
  const posted = await fetch(`${site.url}/wp-admin/admin-post.php`, { method: "POST", body: new URLSearchParams(hiddenFields(form)), headers: { Cookie: cookies }, redirect: "manual" });
  await posted.arrayBuffer();
  assert.equal(posted.status, 302);
  assert.equal(storedConnection(), null, "the tokens are deleted");
  assert.equal(await refreshStillWorks(sim, clientId, refreshToken), false, "the grant is revoked");
  const again = await (await fetch(settingsPage(), { headers: { Cookie: cookies } })).text();
  assert.match(again, /Disconnected/);
  assert.match(again, /Not connected\./);
});

test("a callback that no connection of this administrator started is refused", async () => {
  const cookies = await logIn(site);
  const before = storedConnection();
  // The administrator starts a connection: the consent page is where they are sent.
  const page = await (await fetch(settingsPage(), { headers: { Cookie: cookies } })).text();
  const connect = formWithAction(page, "magisterium_a2a_connect");
  const started = await fetch(`${site.url}/wp-admin/admin-post.php`, { method: "POST", body: new URLSearchParams(hiddenFields(connect)), headers: { Cookie: cookies }, redirect: "manual" });
  await started.arrayBuffer();
  assert.match(started.headers.get("location") ?? "", /\/oauth\/authorize\?.*code_challenge_method=S256/);
  // Another answer comes to the redirect URI (a code of someone else's, a state of none of theirs).
  const forged = await fetch(`${site.url}/wp-admin/admin-post.php?action=magisterium_a2a_callback&code=stolen&state=abc.def`, { headers: { Cookie: cookies }, redirect: "manual" });
  await forged.arrayBuffer();
  assert.equal(forged.status, 302);
  const html = await (await fetch(settingsPage(), { headers: { Cookie: cookies } })).text();
  assert.match(html, /does not belong to a connection this administrator started/);
  assert.deepEqual(storedConnection(), before, "the connection is unchanged");
});

test("a refresh the server refuses ends the connection: the admin sees Not connected, and no upstream call is made", async () => {
  await connectInChromium();
  const { refreshToken, clientId } = storedConnection();
  assert.equal(clientId, firstClient, "the site's registration is reused");
  await revoke(sim, clientId, refreshToken); // the whole grant, as the service may end it
  await advance(TTL + 1);
  const refreshes = proxy.refreshes();
  for (let call = 0; call < 2; call++) {
    const { status, line } = await askNewDay();
    assert.equal(status, 503, line);
    assert.match(line, / upstream=- /, "no upstream call");
  }
  assert.equal(proxy.refreshes(), refreshes + 1, "refused once, then not asked again");
  const connection = storedConnection();
  assert.equal(connection.state, "ended");
  assert.equal(connection.accessToken, "", "no token kept");
  const cookies = await logIn(site);
  const html = await (await fetch(settingsPage(), { headers: { Cookie: cookies } })).text();
  assert.match(html, /Not connected: the connection ended on [^<]+: the authorization server refused to renew the access token \(invalid_grant\)/);
  assert.match(html, /value="Connect to Magisterium"/, "Connect again");
});

test("an ended connection forgotten, the pasted token is used again", async () => {
  setSettings({ token: "demo-token", upstream: `${proxy.url}/api/v1/a2a` });
  assert.equal((await askNewDay()).status, 503, "not while the ended connection is kept");
  const cookies = await logIn(site);
  const html = await (await fetch(settingsPage(), { headers: { Cookie: cookies } })).text();
  const form = formWithAction(html, "magisterium_a2a_disconnect");
  assert.match(form ?? "", /Forget the ended connection/);
  const posted = await fetch(`${site.url}/wp-admin/admin-post.php`, { method: "POST", body: new URLSearchParams(hiddenFields(form)), headers: { Cookie: cookies }, redirect: "manual" });
  await posted.arrayBuffer();
  assert.equal(storedConnection(), null);
  const { status, line } = await askNewDay();
  assert.equal(status, 200, line);
});

/** Posts the settings page's Connect form (with `extra` fields) as the administrator of `cookies`: the answer's Location. */
async function postConnect(cookies, extra = {}, postAs = cookies) {
  const page = await (await fetch(settingsPage(), { headers: { Cookie: cookies } })).text();
  const form = formWithAction(page, "magisterium_a2a_connect");
  assert.ok(form, "a Connect form");
  const body = new URLSearchParams({ ...hiddenFields(form), ...extra });
  const answer = await fetch(`${site.url}/wp-admin/admin-post.php`, { method: "POST", body, headers: { Cookie: postAs }, redirect: "manual" });
  await answer.arrayBuffer();
  return { status: answer.status, location: answer.headers.get("location") };
}

/** Sets the site's settings to `settings`. */
function setSettings(settings) {
  site.sql(`UPDATE p${site.port}_options SET option_value = '${phpSerialize(settings)}' WHERE option_name = 'magisterium_a2a_settings';`);
}

test("Connect needs the form's nonce and a logged-in administrator", async () => {
  const cookies = await logIn(site);
  const forged = await postConnect(cookies, { _wpnonce: "0123456789" });
  assert.equal(forged.status, 403, "a wrong nonce");
  const anonymous = await postConnect(cookies, {}, "");
  assert.equal(anonymous.status, 400, "logged out: admin-post.php has no handler");
  const fine = await postConnect(cookies);
  assert.match(fine.location ?? "", /\/oauth\/authorize\?/, "with both, to the consent page");
});

test("Connect refuses the metadata the package's sign-in refuses, and takes a pre-registered client id", async () => {
  const server = await startMetadataServer();
  const cookies = await logIn(site);
  try {
    setSettings({ token: "demo-token", upstream: `${server.issuer}/api/v1/a2a` });
    const fine = await postConnect(cookies, { client_id: "app" });
    assert.ok(fine.location?.startsWith(`${server.issuer}/oauth/authorize?`), fine.location);
    const asked = new URL(fine.location).searchParams;
    assert.deepEqual([asked.get("client_id"), asked.get("code_challenge_method"), asked.get("redirect_uri")], ["app", "S256", `${site.url}/wp-admin/admin-post.php?action=magisterium_a2a_callback`]);
    const refused = { ...HOSTILE_ENDPOINTS, "another issuer": { issuer: "http://127.0.0.1:1" }, "PKCE without S256": { code_challenge_methods_supported: ["plain"] } };
    for (const [why, endpoints] of Object.entries(refused)) {
      server.serve(endpoints);
      const { location } = await postConnect(cookies, { client_id: "app" });
      assert.equal(location, settingsPage(), why);
    }
    const html = await (await fetch(settingsPage(), { headers: { Cookie: cookies } })).text();
    assert.match(html, /Could not connect: the authorization server does not offer PKCE with S256\./, "the reason said");
  } finally {
    setSettings({ token: "demo-token", upstream: `${proxy.url}/api/v1/a2a` });
    await server.close();
  }
});

test("an answer naming another issuer (iss) is refused, and the site stays unconnected", async () => {
  const cookies = await logIn(site);
  const { location } = await postConnect(cookies);
  const back = new URL(await answerConsent(location, "allow"));
  assert.equal(back.searchParams.get("iss"), proxy.url);
  back.searchParams.set("iss", "https://elsewhere.example");
  const answer = await fetch(back, { headers: { Cookie: cookies }, redirect: "manual" });
  await answer.arrayBuffer();
  assert.equal(storedConnection(), null);
  const html = await (await fetch(settingsPage(), { headers: { Cookie: cookies } })).text();
  assert.match(html, /does not come from the authorization server asked \(iss\)/);
});

test("Deny on the consent page: not connected, and the page says what the server answered", async () => {
  const cookies = await logIn(site);
  const { location } = await postConnect(cookies);
  const answer = await fetch(await answerConsent(location, "deny"), { headers: { Cookie: cookies }, redirect: "manual" });
  await answer.arrayBuffer();
  assert.equal(storedConnection(), null);
  const html = await (await fetch(settingsPage(), { headers: { Cookie: cookies } })).text();
  assert.match(html, /Not connected: the authorization server answered access_denied\./);
});

test("uninstalling the plugin (Plugins → Deactivate, Delete) revokes the connection's grant and leaves nothing of it", async () => {
  await connectInChromium();
  const { refreshToken, clientId } = storedConnection();
  const cookies = await logIn(site);
  const get = async (path) => (await fetch(new URL(path, site.url), { headers: { Cookie: cookies } })).text();
  const plugins = await get("/wp-admin/plugins.php");
  const deactivate = /href="(plugins\.php\?action=deactivate&amp;plugin=magisterium-a2a%2Fmagisterium-a2a\.php[^"]*)"/.exec(plugins)?.[1];
  assert.ok(deactivate, "a Deactivate link");
  await get(`/wp-admin/${deactivate.replaceAll("&amp;", "&")}`);
  const listed = await get("/wp-admin/plugins.php");
  const nonce = /name="_wpnonce" value="([^"]+)"/.exec(listed)?.[1];
  const form = new URLSearchParams({ action: "delete-selected", "checked[]": "magisterium-a2a/magisterium-a2a.php", _wpnonce: nonce, "verify-delete": "1" });
  const deleted = await fetch(`${site.url}/wp-admin/plugins.php`, { method: "POST", body: form, headers: { Cookie: cookies }, redirect: "manual" });
  await deleted.arrayBuffer();
  assert.equal(deleted.status, 302, "deleted, then back to the Plugins page");
  assert.equal(await refreshStillWorks(sim, clientId, refreshToken), false, "the grant is revoked");
  const left = site.sql(`SELECT option_name FROM p${site.port}_options WHERE option_name LIKE '%magisterium_a2a%';`).trim();
  assert.equal(left, "", "no option of the plugin left");
});
