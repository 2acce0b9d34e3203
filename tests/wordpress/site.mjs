// A throw-away WordPress (Debian's `wordpress`, MariaDB, `php -S`) with the
// plugin of this repository active: what the proxy suite runs its contract
// against, the wordpress suite checks, and `cargo xtask wordpress` serves.
// One MariaDB per process (a temporary folder, a socket, no network); each
// site is its own `php -S` on a free 127.0.0.1 port with its own table prefix,
// so its own options and transients (a fresh cache, settings of its own).
// Everything started here stops with stop() or when the process exits.
import { execFile, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
/** Debian's WordPress. */
export const WORDPRESS = "/usr/share/wordpress";
/** The plugin's source folder in this repository. */
export const PLUGIN_SOURCE = join(here, "../../wordpress/magisterium-a2a");
/** The route as the widget calls it, under a site's URL. */
export const ROUTE = "/wp-json/magisterium/v1/a2a";
/** The plugin's main file, as WordPress names an active plugin. */
const PLUGIN_FILE = "magisterium-a2a/magisterium-a2a.php";
/** The administrator of every site (a throw-away password). */
export const ADMIN = { user: "admin", password: "magisterium-test-admin" };

let shared;

/** The process's database and content folder, started once. */
function environment(plugin) {
  shared ??= startEnvironment(plugin);
  return shared;
}

async function startEnvironment(plugin) {
  for (const binary of ["/usr/bin/php", "/usr/sbin/mariadbd", `${WORDPRESS}/wp-settings.php`]) {
    if (!existsSync(binary)) throw new Error(`${binary} is missing: apt-get install wordpress mariadb-server php-cli (cargo xtask test does it)`);
  }
  const dir = mkdtempSync(join(tmpdir(), "magisterium-wp-"));
  const id = `magisterium-${process.pid}-${randomBytes(4).toString("hex")}`;
  const config = `/etc/wordpress/config-${id}.php`;
  const stopped = [];
  const cleanup = () => {
    for (const stop of stopped.splice(0).reverse()) stop();
    rmSync(config, { force: true });
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // a file the database was still closing: the folder is in the system's temporary folder
    }
  };
  process.once("exit", cleanup);
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));
  const socket = join(dir, "run/mysqld.sock");
  mkdirSync(join(dir, "data"), { recursive: true });
  mkdirSync(join(dir, "run"));
  // Should this process end without its exit handlers (SIGKILL), a watchdog stops what it started.
  const pids = join(dir, "run/php-groups");
  writeFileSync(pids, "");
  const watchdog = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
for group in $(cat ${pids}); do kill -TERM -- -$group 2>/dev/null; done
mariadb-admin --socket=${join(dir, "run/mysqld.sock")} --user=root shutdown 2>/dev/null
rm -rf ${dir} ${config}`;
  spawn("sh", ["-c", watchdog], { stdio: "ignore", detached: true }).unref();
  run("chown", ["-R", "mysql:mysql", dir]);
  run("mariadb-install-db", ["--user=mysql", `--datadir=${join(dir, "data")}`, "--auth-root-authentication-method=socket", "--skip-test-db"]);
  const mariadb = spawn("mariadbd", ["--user=mysql", `--datadir=${join(dir, "data")}`, `--socket=${socket}`, `--pid-file=${join(dir, "run/mysqld.pid")}`, "--skip-networking"], {
    stdio: "ignore",
    detached: true,
  });
  mariadb.unref(); // it is stopped on the way out, not waited for
  // mariadb-admin's shutdown returns once the server has stopped (so its folder can go).
  stopped.push(() => spawnSync("mariadb-admin", [`--socket=${socket}`, "--user=root", "shutdown"]) && kill(mariadb.pid));
  for (let waited = 0; !existsSync(socket); waited += 50) {
    if (waited > 30_000 || mariadb.exitCode !== null) throw new Error("MariaDB did not start");
    await sleep(50);
  }
  const sql = (statements) => run("mariadb", [`--socket=${socket}`, "--user=root"], statements);
  sql("CREATE DATABASE wp; CREATE USER 'wp'@'localhost' IDENTIFIED BY 'wp'; GRANT ALL ON wp.* TO 'wp'@'localhost';");
  const content = join(dir, "wp-content");
  mkdirSync(join(content, "plugins"), { recursive: true });
  mkdirSync(join(content, "themes"));
  mkdirSync(join(content, "mu-plugins"));
  cpSync(plugin, join(content, "plugins/magisterium-a2a"), { recursive: true });
  cpSync(join(here, "mu-plugins/magisterium-a2a-test.php"), join(content, "mu-plugins/magisterium-a2a-test.php"));
  symlinkSync(`${WORDPRESS}/wp-content/themes/twentytwentythree`, join(content, "themes/twentytwentythree"));
  const salts = ["AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY", "AUTH_SALT", "SECURE_AUTH_SALT", "LOGGED_IN_SALT", "NONCE_SALT"];
  writeFileSync(
    config,
    `<?php
// A throw-away WordPress of the magisterium-a2a tests (tests/wordpress/site.mjs); removed when they end.
$magisterium_port = (int) $_SERVER['SERVER_PORT'];
define( 'DB_NAME', 'wp' );
define( 'DB_USER', 'wp' );
define( 'DB_PASSWORD', 'wp' );
define( 'DB_HOST', 'localhost:${socket}' );
define( 'WP_CONTENT_DIR', '${content}' );
define( 'WP_HOME', 'http://127.0.0.1:' . $magisterium_port );
define( 'WP_SITEURL', 'http://127.0.0.1:' . $magisterium_port );
define( 'MAGISTERIUM_A2A_TEST_DIR', '${dir}/sites/' . $magisterium_port );
// A site's own settings besides these (a network's MULTISITE constants), written by its test: addConfig().
if ( is_file( MAGISTERIUM_A2A_TEST_DIR . '/config.php' ) ) {
  require MAGISTERIUM_A2A_TEST_DIR . '/config.php';
}
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
${salts.map((name) => `define( '${name}', '${randomBytes(24).toString("hex")}' );`).join("\n")}
$table_prefix = 'p' . $magisterium_port . '_';
`,
  );
  return { dir, id, content, sql, stopped };
}

/** Runs `command` with `args` (and `input` on stdin); its stdout; throws with its stderr when it fails. */
function run(command, args, input) {
  const result = spawnSync(command, args, { input, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.error ?? result.stderr}`);
  return result.stdout;
}

/** Ends process group `pid` (SIGTERM), if it still runs. */
function kill(pid) {
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // it ended already
  }
}

/** A free loopback port. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `value` (strings, integers, lists and plain objects of them) as PHP's serialize() writes it. */
export function phpSerialize(value) {
  if (typeof value === "string") return `s:${Buffer.byteLength(value)}:"${value}";`;
  if (Number.isInteger(value)) return `i:${value};`;
  if (typeof value === "boolean") return `b:${value ? 1 : 0};`;
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  return `a:${entries.length}:{${entries.map(([key, item]) => phpSerialize(key) + phpSerialize(item)).join("")}}`;
}

/** `text` as a MariaDB string literal. */
function literal(text) {
  return `'${String(text).replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

/**
 * Starts a WordPress site with the plugin (from `plugin`, default this
 * repository's folder) active and its settings `settings` (the option
 * `magisterium_a2a_settings`), its route's clock at `now` (ms) when given,
 * and `pages` ({ title, content }, the first the front page).
 * Resolves `{ url, route, port, setClock(ms), lines(), output(), sql(statements), php(code), addConfig(code), stop() }`
 * (`php` runs PHP code in the site's WordPress, outside a request: a promise of its stdout; `addConfig` gives
 * the site PHP of its own in its wp-config, such as a network's constants).
 */
export async function startSite({ plugin = PLUGIN_SOURCE, settings = {}, now, pages = [] } = {}) {
  const env = await environment(plugin);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const site = join(env.dir, "sites", String(port));
  mkdirSync(site, { recursive: true });
  const clock = join(site, "clock");
  const setClockFile = (ms) => {
    writeFileSync(`${clock}.tmp`, String(ms));
    renameSync(`${clock}.tmp`, clock);
  };
  if (now !== undefined) setClockFile(now);
  let stderr = "";
  const php = spawn("php", ["-S", `127.0.0.1:${port}`, join(here, "router.php")], {
    cwd: WORDPRESS,
    env: { PATH: process.env.PATH, PHP_CLI_SERVER_WORKERS: "4", MAGISTERIUM_WP_CONFIG: env.id, MAGISTERIUM_WP_CONTENT: env.content },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  php.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-200_000)));
  appendFileSync(join(env.dir, "run/php-groups"), `${php.pid}\n`);
  const stopPhp = () => kill(php.pid);
  env.stopped.push(stopPhp);
  const prefix = `p${port}_`;
  const sql = (statements) => env.sql(`USE wp;\n${statements}`);
  try {
    await waitForServer(url, php);
    await install(url);
    const options = {
      permalink_structure: "/%postname%/",
      rewrite_rules: "",
      active_plugins: phpSerialize([PLUGIN_FILE]),
      magisterium_a2a_settings: phpSerialize(settings),
    };
    const ids = [];
    for (const [index, page] of pages.entries()) {
      sql(`INSERT INTO ${prefix}posts (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_type)
        VALUES (1, NOW(), UTC_TIMESTAMP(), ${literal(page.content)}, ${literal(page.title)}, '', 'publish', 'page-${index + 1}', '', '', NOW(), UTC_TIMESTAMP(), '', 'page');`);
      ids.push(Number(sql(`SELECT MAX(ID) FROM ${prefix}posts;`).trim().split("\n").pop()));
    }
    if (ids.length) Object.assign(options, { show_on_front: "page", page_on_front: String(ids[0]) });
    sql(
      Object.entries(options)
        .map(([name, value]) => `INSERT INTO ${prefix}options (option_name, option_value, autoload) VALUES (${literal(name)}, ${literal(value)}, 'yes') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value);`)
        .join("\n"),
    );
  } catch (error) {
    stopPhp();
    throw new Error(`WordPress on ${url} did not start: ${error.message}\n${stderr}`);
  }
  const log = join(site, "log");
  const lines = () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : []);
  // PHP code run in the site's WordPress (wp-load.php, as a request to it would load it), outside any request.
  const prelude = `$_SERVER['WORDPRESS_CONFIG'] = getenv('MAGISTERIUM_WP_CONFIG'); $_SERVER['HTTP_HOST'] = '127.0.0.1:${port}'; $_SERVER['SERVER_PORT'] = '${port}'; $_SERVER['REQUEST_URI'] = '/'; require 'wp-load.php';`;
  const runPhp = async (code) => {
    // Not spawnSync: a server of the test's own process may have to answer what the code asks.
    const options = { cwd: WORDPRESS, env: { PATH: process.env.PATH, MAGISTERIUM_WP_CONFIG: env.id }, encoding: "utf8" };
    return (await promisify(execFile)("php", ["-r", `${prelude}\n${code}`], options)).stdout;
  };
  return {
    url,
    route: url + ROUTE,
    port,
    pid: php.pid,
    setClock: async (ms) => setClockFile(ms),
    lines,
    output: () => `${lines().join("\n")}\n${stderr}`,
    sql,
    php: runPhp,
    addConfig: async (code) => writeFileSync(join(site, "config.php"), `<?php\n${code}\n`),
    stop: async () => {
      stopPhp();
      await new Promise((resolve) => (php.exitCode !== null || php.signalCode !== null ? resolve() : php.once("exit", resolve)));
    },
  };
}

/** Waits until `php -S` answers on `url`. */
async function waitForServer(url, php) {
  for (let waited = 0; ; waited += 50) {
    if (php.exitCode !== null) throw new Error(`php -S exited (${php.exitCode})`);
    try {
      const response = await fetch(`${url}/readme.html`);
      await response.arrayBuffer();
      return;
    } catch (error) {
      if (waited > 15_000) throw error;
      await sleep(50);
    }
  }
}

/** WordPress's installation (its own tables, under this site's prefix), as its install page does it. */
async function install(url) {
  const form = new URLSearchParams({
    weblog_title: "St. Example Parish",
    user_name: ADMIN.user,
    admin_password: ADMIN.password,
    admin_password2: ADMIN.password,
    pw_weak: "1",
    admin_email: "webmaster@parish.example",
    blog_public: "0",
  });
  const response = await fetch(`${url}/wp-admin/install.php?step=2`, { method: "POST", body: form });
  const page = await response.text();
  if (!page.includes("Success!")) throw new Error(`the installation failed: HTTP ${response.status} ${page.slice(0, 2000)}`);
}
