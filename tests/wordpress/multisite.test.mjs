// Uninstalling the plugin on a multisite network (WordPress's own network
// install, then a second site) revokes each site's connection at its
// authorization server and removes what the plugin stored, on every site.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { phpSerialize, startSite } from "./site.mjs";

let site;
let revocations;
after(async () => {
  await site?.stop();
  revocations?.close();
});

/** A revocation endpoint on loopback (RFC 7009) that keeps the tokens it is sent. */
async function revocationEndpoint() {
  const revoked = [];
  const server = createServer(async (request, answer) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    revoked.push(new URLSearchParams(body).get("token"));
    answer.writeHead(200).end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/oauth/revoke`, revoked, close: () => server.close() };
}

/** A connected site's connection option (as includes/connection.php keeps it), revoked at `endpoint`. */
function connection(endpoint, refreshToken) {
  return phpSerialize({
    state: "connected",
    issuer: "http://127.0.0.1",
    client_id: "client-1",
    token_endpoint: "http://127.0.0.1/oauth/token",
    revocation_endpoint: endpoint,
    access_token: `access-${refreshToken}`,
    refresh_token: refreshToken,
    user_id: 1,
    connected_at: 0,
  });
}

test("uninstalling on a network revokes each site's connection and removes the plugin's options on every site", async () => {
  revocations = await revocationEndpoint();
  site = await startSite({ settings: { token: "pasted" } });
  const domain = `127.0.0.1:${site.port}`;
  // What Tools → Network Setup does (wp-admin/network.php): the network's tables named, made and filled.
  await site.php(`require_once ABSPATH . 'wp-admin/includes/upgrade.php'; global $wpdb;
    foreach ( $wpdb->tables( 'ms_global' ) as $table => $prefixed ) { $wpdb->$table = $prefixed; }
    install_network(); populate_network( 1, '${domain}', 'webmaster@parish.example', 'Parish network', '/', false );`);
  // (The suite's sites block requests to other hosts; a network's second site has no host of its own to allow.)
  await site.addConfig(`define( 'WP_ACCESSIBLE_HOSTS', '127.0.0.1' ); define( 'MULTISITE', true ); define( 'SUBDOMAIN_INSTALL', false ); define( 'DOMAIN_CURRENT_SITE', '${domain}' ); define( 'PATH_CURRENT_SITE', '/' ); define( 'SITE_ID_CURRENT_SITE', 1 ); define( 'BLOG_ID_CURRENT_SITE', 1 );`);
  const second = Number((await site.php(`echo wpmu_create_blog( '${domain}', '/chapel/', 'St. Example Chapel', 1 );`)).trim());
  assert.ok(second > 1, `a second site: ${second}`);
  const tables = [`p${site.port}_options`, `p${site.port}_${second}_options`];
  for (const [index, table] of tables.entries()) {
    site.sql(`INSERT INTO ${table} (option_name, option_value, autoload) VALUES
      ('magisterium_a2a_settings', ${JSON.stringify(phpSerialize({ token: "pasted" }))}, 'yes'),
      ('magisterium_a2a_connection', '${connection(revocations.url, `refresh-${index + 1}`)}', 'no'),
      ('_transient_magisterium_a2a_kept', 'x', 'no')
      ON DUPLICATE KEY UPDATE option_value = VALUES(option_value);`);
  }
  await site.php(`define( 'WP_UNINSTALL_PLUGIN', 'magisterium-a2a/magisterium-a2a.php' ); include WP_PLUGIN_DIR . '/magisterium-a2a/uninstall.php';`);
  assert.deepEqual(revocations.revoked.sort(), ["refresh-1", "refresh-2"], "each site's grant revoked");
  for (const table of tables) {
    const left = site.sql(`SELECT option_name FROM ${table} WHERE option_name LIKE '%magisterium_a2a%';`).trim();
    assert.equal(left, "", `${table}: nothing of the plugin left`);
  }
});
