// The plugin's files as a reviewer of WordPress's plugin directory reads
// them: every PHP file parses (`php -l`), the code is clean under the
// repository's phpcs ruleset (wordpress/phpcs.xml, docs/wordpress.md says
// why that one), readme.txt is in the directory's format and agrees with the
// plugin's header, and the built plugin carries the widget and the web build,
// its translations compiled (a .mo and the editor script's JSON per locale),
// but nothing of the tests.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { PLUGIN_SOURCE } from "./site.mjs";
import { DOMAIN, POT, scriptTranslationName, translations } from "../../wordpress/translations.mjs";

const REPOSITORY = join(PLUGIN_SOURCE, "../..");
/** The plugin as `cargo xtask build` assembles it (the zip's content). */
const BUILT = process.env.MAGISTERIUM_WP_PLUGIN;

/** Every file under `dir`. */
function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test("every PHP file of the plugin and of its test harness parses (php -l)", () => {
  const files = [...filesUnder(PLUGIN_SOURCE), ...filesUnder(join(REPOSITORY, "tests/wordpress"))].filter((file) => file.endsWith(".php"));
  assert.ok(files.length >= 10, `${files.length} PHP files`);
  for (const file of files) {
    const lint = spawnSync("php", ["-l", file], { encoding: "utf8" });
    assert.equal(lint.status, 0, `${file}: ${lint.stdout}${lint.stderr}`);
  }
});

test("phpcs finds nothing under the plugin's ruleset", () => {
  const phpcs = spawnSync("phpcs", ["--standard=phpcs.xml", "--report=full"], { cwd: join(REPOSITORY, "wordpress"), encoding: "utf8" });
  assert.equal(phpcs.status, 0, phpcs.stdout + phpcs.stderr);
});

test("readme.txt is in the plugin directory's format and agrees with the plugin's header", () => {
  const readme = readFileSync(join(PLUGIN_SOURCE, "readme.txt"), "utf8");
  const header = readFileSync(join(PLUGIN_SOURCE, "magisterium-a2a.php"), "utf8");
  const field = (text, name) => new RegExp(`^(?: \\* )?${name}:\\s*(.+)$`, "m").exec(text)?.[1].trim();
  assert.match(readme, /^=== Magisterium Parish Widget ===\n/);
  for (const name of ["Contributors", "Tags", "Requires at least", "Tested up to", "Requires PHP", "Stable tag", "License"]) {
    assert.ok(field(readme, name), `readme.txt names ${name}`);
  }
  assert.equal(field(readme, "Stable tag"), field(header, "Version"));
  assert.equal(field(readme, "Requires at least"), field(header, "Requires at least"));
  assert.equal(field(readme, "Requires PHP"), field(header, "Requires PHP"));
  assert.equal(field(header, "Plugin Name"), "Magisterium Parish Widget");
  const sections = [...readme.matchAll(/^== (.+) ==$/gm)].map((match) => match[1]);
  assert.deepEqual(sections, ["Description", "Installation", "Frequently Asked Questions", "External services", "Source", "Changelog"]);
  for (const name of ["Author", "License", "License URI", "Text Domain"]) assert.ok(field(header, name), `the plugin's header names ${name}`);
  assert.equal(field(header, "Text Domain"), "magisterium-a2a", "the text domain is the plugin's slug");
  assert.equal(field(readme, "License"), field(header, "License"));
  assert.equal(field(readme, "License URI"), field(header, "License URI"));
  const services = readme.split("== External services ==")[1] ?? "";
  assert.match(services, /https:\/\/www\.magisterium\.com\/developers\/terms/, "External services links the service's terms");
  assert.match(services, /https:\/\/www\.magisterium\.com\/privacy-policy/, "and its privacy policy");
  const tested = field(readme, "Tested up to");
  const suiteRuns = /\$wp_version = '(\d+\.\d+)/.exec(readFileSync("/usr/share/wordpress/wp-includes/version.php", "utf8"))?.[1];
  assert.equal(tested, suiteRuns, "Tested up to is the WordPress version this suite runs");
  const short = readme.split("\n\n")[1];
  assert.ok(short.length <= 150 && !short.includes("\n"), `the short description is one line of at most 150 characters: ${short.length}`);
});

test("the built plugin carries the widget and its web build, and nothing of the tests", { skip: !BUILT && "MAGISTERIUM_WP_PLUGIN is not set" }, () => {
  for (const file of ["magisterium-a2a.php", "readme.txt", "uninstall.php", "widget/magisterium-widget.js", "web/index.js"]) {
    assert.ok(existsSync(join(BUILT, file)), `the plugin has ${file}`);
  }
  const widget = readFileSync(join(BUILT, "widget/magisterium-widget.js"), "utf8");
  for (const [, imported] of widget.matchAll(/from "(\.\.\/web\/[^"]+)"/g)) {
    assert.ok(existsSync(join(BUILT, "widget", imported)), `the widget's import ${imported} is in the plugin`);
  }
  assert.equal(readFileSync(join(BUILT, `languages/${DOMAIN}.pot`), "utf8"), readFileSync(POT, "utf8"), "the template as the sources make it");
  for (const { locale } of translations()) {
    for (const file of [`${DOMAIN}-${locale}.mo`, scriptTranslationName(locale, "blocks/editor.js")]) {
      assert.ok(existsSync(join(BUILT, "languages", file)), `the plugin has languages/${file}`);
    }
  }
  for (const file of filesUnder(BUILT).filter((path) => path.endsWith(".php"))) {
    assert.doesNotMatch(readFileSync(file, "utf8"), /MAGISTERIUM_A2A_TEST/, `${file}: no test hook ships`);
  }
});
