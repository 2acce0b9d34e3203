// The plugin's admin strings in the site's language: the template
// (languages/magisterium-a2a.pot) is the one its sources make now, every
// checked-in translation translates every string of it with the same
// placeholders, and in a WordPress whose language is Spanish, Settings →
// Magisterium, the blocks' titles and the editor script's strings are Spanish.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POT, compileInto, entries, entriesOf, makePot, translations } from "../../wordpress/translations.mjs";
import { PLUGIN_SOURCE, startSite } from "./site.mjs";
import { SETTINGS_PAGE, logIn, page, text } from "./admin.mjs";

/** The plugin as `cargo xtask build` assembles it (its .mo and JSON compiled), when the suite runs on it. */
const BUILT = process.env.MAGISTERIUM_WP_PLUGIN;
/**
 * The widget's languages (widget/lang/) as WordPress's locales: Portuguese as
 * both of WordPress's (Portugal, Brazil), Latin as `la` (WordPress has no Latin
 * locale), Tagalog and Vietnamese as WordPress names them, without a region.
 */
const WIDGET_LOCALES = ["de_DE", "es_ES", "fr_FR", "it_IT", "la", "pl_PL", "pt_BR", "pt_PT", "tl", "vi"];
/** The printf placeholders of a string (`%s`, `%d`, `%1$s`, …), sorted: a translation may reorder numbered ones. */
const placeholders = (string) => (string.match(/%(?:\d+\$)?[-+0#']*\d*(?:\.\d+)?[bcdeEfFgGosuxX%]/g) ?? []).sort();
/** An entry's key: its context and its msgid. */
const key = (entry) => `${entry.msgctxt ?? ""}\u0004${entry.msgid}`;

test("the .pot holds every string of the plugin's sources as they are now (node wordpress/translations.mjs update remakes it)", () => {
  assert.equal(readFileSync(POT, "utf8"), makePot());
});

test("every translation call passes the text domain (a call without one is never translated)", () => {
  const withDomain = new Set(entriesOf(makePot({ withDomain: true })).map(key));
  const without = entries(POT).filter((entry) => !entry.msgctxt?.startsWith("block ") && !withDomain.has(key(entry)));
  assert.deepEqual(without.map((entry) => `${entry.comments?.reference}: ${entry.msgid}`), []);
});

test("every string with a placeholder says what it stands for in a translators: comment", () => {
  const silent = entries(POT).filter((entry) => placeholders(entry.msgid).length && !/translators:/.test(entry.comments?.extracted ?? ""));
  assert.deepEqual(
    silent.map((entry) => `${entry.comments?.reference}: ${entry.msgid}`),
    [],
    "a /* translators: */ comment on the line before the __() call",
  );
});

test("the widget's nine other languages are translated (Portuguese for Portugal and for Brazil)", () => {
  assert.deepEqual(translations().map(({ locale }) => locale).sort(), WIDGET_LOCALES);
});

test("every .po translates every string of the .pot, none fuzzy, each keeping its placeholders", () => {
  const template = entries(POT);
  assert.ok(template.length >= 20, `${template.length} strings`);
  for (const { locale, path } of translations()) {
    const translated = new Map(entries(path).map((entry) => [key(entry), entry]));
    const plurals = Number(/nplurals=(\d+)/.exec(readFileSync(path, "utf8"))?.[1]);
    assert.ok(plurals >= 1, `${locale}: a Plural-Forms header`);
    for (const source of template) {
      const entry = translated.get(key(source));
      const name = `${locale}: ${JSON.stringify(source.msgid)}`;
      assert.ok(entry && !entry.comments?.flag?.includes("fuzzy") && !entry.obsolete, `${name} is translated, not fuzzy`);
      assert.equal(entry.msgstr.length, source.msgid_plural ? plurals : 1, `${name}: one form for each plural`);
      entry.msgstr.forEach((form, index) => {
        assert.ok(form.trim() !== "", `${name}: form ${index} is not empty`);
        const original = index === 0 || !source.msgid_plural ? source.msgid : source.msgid_plural;
        assert.deepEqual(placeholders(form), placeholders(original), `${name}: form ${index} keeps the placeholders`);
      });
    }
  }
});

describe("in a WordPress whose language is es_ES", () => {
  let site;
  let work;
  let spanish;

  before(async () => {
    let plugin = BUILT;
    if (!plugin) {
      // The source folder holds no compiled files: a copy of it with them, as the build makes.
      work = mkdtempSync(join(tmpdir(), "magisterium-i18n-"));
      plugin = join(work, "magisterium-a2a");
      cpSync(PLUGIN_SOURCE, plugin, { recursive: true });
      compileInto(plugin);
    }
    site = await startSite({ plugin });
    site.sql(`INSERT INTO p${site.port}_options (option_name, option_value, autoload) VALUES ('WPLANG', 'es_ES', 'yes') ON DUPLICATE KEY UPDATE option_value = 'es_ES';`);
    const po = translations().find(({ locale }) => locale === "es_ES").path;
    spanish = new Map(entries(po).map((entry) => [key(entry), entry.msgstr[0]]));
  });
  after(async () => {
    await site?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** The Spanish of `msgid` (in `context`), from the checked-in es_ES.po. */
  function es(msgid, context = "") {
    const translated = spanish.get(`${context}\u0004${msgid}`);
    assert.ok(translated && translated !== msgid, `es_ES.po translates ${msgid}`);
    return translated;
  }

  test("with the site's language set to es_ES, Settings → Magisterium speaks Spanish", async () => {
    const settings = text(await page(site, SETTINGS_PAGE, await logIn(site)));
    for (const english of ["Parish time zone", "Proxy route:", "Days visitors may ask about", "Connection", "Not connected.", "Pasted token (advanced)"]) {
      assert.ok(settings.includes(es(english)), `${es(english)} in ${settings}`);
      assert.ok(!settings.includes(english), `no ${english}`);
    }
  });

  test("in Spanish, the block editor gets the editor script's translations (its JSON) and the blocks' translated titles", async () => {
    const editor = await page(site, "/wp-admin/post-new.php?post_type=page", await logIn(site));
    const inline = /<script[^>]*id=["']magisterium-a2a-editor-js-translations["'][^>]*>([\s\S]*?)<\/script>/.exec(editor);
    assert.ok(inline, "WordPress printed the editor script's translations");
    const data = /\)\(\s*"magisterium-a2a",\s*(\{[\s\S]*\})\s*\);/.exec(inline[1]);
    assert.ok(data, inline[1]);
    const messages = JSON.parse(data[1]).locale_data.messages;
    assert.equal(messages[""].lang, "es_ES");
    assert.deepEqual(messages["Day and language"], [es("Day and language")]);
    assert.deepEqual(messages["Date (YYYY-MM-DD or words such as next Sunday; empty: today)"], [es("Date (YYYY-MM-DD or words such as next Sunday; empty: today)")]);
    assert.equal(messages["Parish time zone"], undefined, "only the script's own strings");
    const blocks = /unstable__bootstrapServerSideBlockDefinitions\(\s*(\{[\s\S]*?\})\s*\);/.exec(editor);
    assert.ok(blocks, "the blocks' server-side definitions");
    const definitions = JSON.parse(blocks[1]);
    assert.equal(definitions["magisterium-a2a/saints"].title, es("Saints of the day", "block title"));
    assert.equal(definitions["magisterium-a2a/readings"].title, es("Mass readings", "block title"));
    assert.equal(definitions["magisterium-a2a/readings"].description, es("The Mass readings of a day (today, or words such as next Sunday), from Magisterium AI.", "block description"));
  });
});
