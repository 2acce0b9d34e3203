// The WordPress plugin's translations: the template (languages/magisterium-a2a.pot)
// made from the plugin's sources by GNU gettext's xgettext, the checked-in
// translations (languages/magisterium-a2a-{locale}.po) brought up to it by
// msgmerge, and what a site loads compiled from them: a .mo per locale (msgfmt)
// for the PHP strings and, per editor script, the Jed JSON that
// wp_set_script_translations reads (gettext-parser reads the .po).
//
//   node wordpress/translations.mjs pot             the .pot from the sources (what `cargo xtask build` does too)
//   node wordpress/translations.mjs update          the .pot, then every .po merged with it (new strings empty, to translate)
//   node wordpress/translations.mjs build FOLDER    the .pot, then the .mo and JSON files into FOLDER/languages
//
// The tests (tests/wordpress/translations.test.mjs) import the same functions.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import gettextParser from "gettext-parser";

/** The plugin's text domain (its slug, the header's Text Domain). */
export const DOMAIN = "magisterium-a2a";
/** The plugin's source folder. */
export const PLUGIN = join(dirname(fileURLToPath(import.meta.url)), DOMAIN);
/** Where the plugin keeps its template and translations. */
export const LANGUAGES = join(PLUGIN, "languages");
/** The template every translation starts from. */
export const POT = join(LANGUAGES, `${DOMAIN}.pot`);

/**
 * WordPress's translation functions as xgettext keywords: the arguments that
 * are the strings (`c` the context), then how many arguments a call has with
 * the text domain, its last. The same for PHP and the editor scripts' wp.i18n.
 */
const KEYWORDS = [
  ["__", "1", 2],
  ["_e", "1", 2],
  ["_x", "1,2c", 3],
  ["_ex", "1,2c", 3],
  ["_n", "1,2", 4],
  ["_nx", "1,2,4c", 5],
  ["_n_noop", "1,2", 3],
  ["_nx_noop", "1,2,3c", 4],
  ["esc_html__", "1", 2],
  ["esc_html_e", "1", 2],
  ["esc_html_x", "1,2c", 3],
  ["esc_attr__", "1", 2],
  ["esc_attr_e", "1", 2],
  ["esc_attr_x", "1,2c", 3],
];
/** The fields of a block.json WordPress translates, with the context it gives each (register_block_type's i18n schema). */
const BLOCK_FIELDS = { title: "block title", description: "block description", keywords: "block keyword" };

/** Runs `command` with `args`; its stdout; throws with its stderr when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.error?.code === "ENOENT") throw new Error(`${command} is missing: apt-get install gettext (cargo xtask build does it)`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.error ?? result.stderr}`);
  return result.stdout;
}

/** Every file under `dir`, as paths relative to the plugin, sorted. */
function pluginFiles(dir = PLUGIN) {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? pluginFiles(path) : [relative(PLUGIN, path)];
    })
    .sort();
}

/** The plugin's version, from its header. */
function version() {
  return /^ \* Version:\s*(\S+)$/m.exec(readFileSync(join(PLUGIN, `${DOMAIN}.php`), "utf8"))[1];
}

/** The blocks' translatable block.json fields, as a template xgettext reads with the sources. */
function blockTemplate() {
  const translations = { "": {} };
  for (const file of pluginFiles().filter((path) => path.endsWith("block.json"))) {
    const block = JSON.parse(readFileSync(join(PLUGIN, file), "utf8"));
    for (const [field, context] of Object.entries(BLOCK_FIELDS)) {
      for (const text of [block[field] ?? []].flat()) {
        translations[context] ??= {};
        const known = translations[context][text];
        const reference = known ? `${known.comments.reference}\n${file}` : file;
        translations[context][text] = { msgctxt: context, msgid: text, msgstr: [""], comments: { reference } };
      }
    }
  }
  return gettextParser.po.compile({ charset: "utf-8", headers: { "Content-Type": "text/plain; charset=UTF-8" }, translations });
}

/**
 * The template of the plugin's strings as its sources hold them now: every
 * call of a translation function in its PHP files and editor scripts (with
 * the `translators:` comments), and its blocks' titles and descriptions.
 * References name files without lines, so moving code does not change it.
 * With `{ withDomain: true }`, only the calls that pass a text domain (the
 * tests compare: a call without one is never translated).
 */
export function makePot({ withDomain = false } = {}) {
  const work = mkdtempSync(join(tmpdir(), "magisterium-pot-"));
  try {
    const blocks = join(work, "blocks.pot");
    writeFileSync(blocks, blockTemplate());
    const sources = pluginFiles().filter((path) => /\.(php|js)$/.test(path));
    const pot = run(
      "xgettext",
      [
        "--from-code=UTF-8",
        "--add-comments=translators:",
        "--add-location=file",
        "--sort-by-file",
        "--no-wrap",
        `--package-name=${DOMAIN}`,
        `--package-version=${version()}`,
        "--msgid-bugs-address=https://github.com/magisterium-a2a/magisterium-a2a/issues",
        "--copyright-holder=The magisterium-a2a contributors",
        "-k",
        ...KEYWORDS.map(([name, strings, withDomainArguments]) => `--keyword=${name}:${strings}${withDomain ? `,${withDomainArguments}t` : ""}`),
        "--output=-",
        ...sources,
        blocks,
      ],
      { cwd: PLUGIN },
    );
    // The date it was made would make every build a change.
    return pot.replace(/^"POT-Creation-Date: .*\\n"\n/m, "");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes the template made from the sources to languages/magisterium-a2a.pot. */
export function writePot() {
  mkdirSync(LANGUAGES, { recursive: true });
  writeFileSync(POT, makePot());
}

/** The checked-in translations: `{ locale, path }` for each languages/magisterium-a2a-{locale}.po. */
export function translations() {
  const pattern = new RegExp(`^${DOMAIN}-(.+)\\.po$`);
  return readdirSync(LANGUAGES)
    .map((name) => pattern.exec(name))
    .filter(Boolean)
    .map(([name, locale]) => ({ locale, path: join(LANGUAGES, name) }));
}

/** Brings every .po up to the template: new strings come in untranslated, gone ones go (the history keeps them). */
export function updateTranslations() {
  for (const { path } of translations()) {
    run("msgmerge", ["--quiet", "--update", "--backup=none", "--no-fuzzy-matching", "--add-location=file", "--sort-by-file", "--no-wrap", path, POT]);
    run("msgattrib", ["--no-obsolete", "--no-wrap", `--output-file=${path}`, path]);
  }
}

/** The entries of a .po (or .pot) text, parsed: `[{ msgctxt, msgid, msgid_plural, msgstr, comments }]`, the header left out. */
export function entriesOf(text) {
  const { translations: contexts } = gettextParser.po.parse(text);
  return Object.values(contexts).flatMap((messages) => Object.values(messages).filter((entry) => entry.msgid !== ""));
}

/** The entries of the .po (or .pot) file at `path`, as entriesOf parses them. */
export function entries(path) {
  return entriesOf(readFileSync(path));
}

/** The name WordPress looks for the JSON of `script` (its path in the plugin) in `locale` under (load_script_textdomain). */
export function scriptTranslationName(locale, script) {
  return `${DOMAIN}-${locale}-${createHash("md5").update(script).digest("hex")}.json`;
}

/** The Jed locale data of a translation's strings used in `script` (a path in the plugin), as WordPress's make-json writes it. */
function scriptTranslation(po, locale, script) {
  const parsed = gettextParser.po.parse(readFileSync(po));
  const messages = { "": { domain: "messages", lang: locale, "plural-forms": parsed.headers["Plural-Forms"] } };
  for (const entry of Object.values(parsed.translations).flatMap(Object.values)) {
    const references = (entry.comments?.reference ?? "").split(/\s+/);
    const translated = entry.msgstr.some((form) => form !== "") && !entry.comments?.flag?.includes("fuzzy");
    // As msgfmt leaves them out of the .mo: the script then shows the English.
    if (entry.msgid === "" || !references.includes(script) || !translated) continue;
    messages[entry.msgctxt ? `${entry.msgctxt}\u0004${entry.msgid}` : entry.msgid] = entry.msgstr;
  }
  return { "translation-revision-date": parsed.headers["PO-Revision-Date"], generator: "magisterium-a2a wordpress/translations.mjs", domain: "messages", locale_data: { messages } };
}

/**
 * The site's files of every translation into `folder`/languages: the .mo
 * (msgfmt, which also checks each translation keeps its placeholders) and,
 * for each editor script with strings, its JSON; the template beside them.
 */
export function compileInto(folder) {
  const out = join(folder, "languages");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${DOMAIN}.pot`), readFileSync(POT));
  const scripts = [...new Set(entries(POT).flatMap((entry) => (entry.comments?.reference ?? "").split(/\s+/)).filter((file) => file.endsWith(".js")))];
  for (const { locale, path } of translations()) {
    run("msgfmt", ["--check", "--output-file", join(out, `${DOMAIN}-${locale}.mo`), path]);
    for (const script of scripts) {
      writeFileSync(join(out, scriptTranslationName(locale, script)), JSON.stringify(scriptTranslation(path, locale, script)));
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, folder] = process.argv.slice(2);
  if (command === "pot") writePot();
  else if (command === "update") {
    writePot();
    updateTranslations();
  } else if (command === "build" && folder) {
    writePot();
    compileInto(folder);
  } else {
    console.error("usage: node wordpress/translations.mjs pot | update | build FOLDER");
    process.exit(2);
  }
}
