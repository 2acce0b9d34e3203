// A site updated from a version that stored three settings under other keys
// (`budget`, `origins`, `client_header`): its first request renames them to
// the parish proxy's names (`upstream_budget`, `allow_origins`,
// `client_key_header`, docs/glossary.md), values kept, and the route obeys
// them; uninstalling still leaves nothing of the plugin.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { startSite } from "./site.mjs";

const CHAPEL = "https://chapel.example";

let site;
after(async () => site?.stop());

/** The stored option as MariaDB holds it (PHP's serialize()), read without loading WordPress. */
const storedOption = () => site.sql(`SELECT option_value FROM p${site.port}_options WHERE option_name = 'magisterium_a2a_settings';`);

test("an update renames the stored settings' earlier keys on the first request, values kept; uninstalling removes the option", async () => {
  const upstream = process.env.MAGISTERIUM_ENDPOINT ?? "";
  const earlier = { token: "pasted-7f3a", time_zone: "America/Chicago", budget: 7, origins: [CHAPEL], client_header: "X-Client", upstream };
  site = await startSite({ settings: earlier });
  assert.match(storedOption(), /s:6:"budget";i:7;/, "the site starts with the earlier keys");

  // A visitor's preflight from the origin listed under the earlier key: the first request after the update.
  const preflight = await fetch(site.route, { method: "OPTIONS", headers: { Origin: CHAPEL, "Access-Control-Request-Method": "POST" } });
  await preflight.arrayBuffer();
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), CHAPEL, "the listed origin is still allowed");

  const raw = storedOption();
  for (const key of ["budget", "origins", "client_header"]) assert.doesNotMatch(raw, new RegExp(`s:\\d+:"${key}";`), `no ${key} left in ${raw}`);
  const stored = JSON.parse(await site.php("echo wp_json_encode( get_option( 'magisterium_a2a_settings' ) );"));
  assert.deepEqual(stored, {
    token: "pasted-7f3a",
    time_zone: "America/Chicago",
    upstream_budget: 7,
    allow_origins: [CHAPEL],
    client_key_header: "X-Client",
    upstream,
  });

  await site.php("define( 'WP_UNINSTALL_PLUGIN', 'magisterium-a2a/magisterium-a2a.php' ); include WP_PLUGIN_DIR . '/magisterium-a2a/uninstall.php';");
  assert.equal(site.sql(`SELECT option_name FROM p${site.port}_options WHERE option_name LIKE '%magisterium_a2a%';`).trim(), "", "nothing of the plugin left");
});
