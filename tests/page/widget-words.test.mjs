// The widget's language files (widget/lang/*.js) have the keys of English,
// every one a string but the countdown's plural forms (each form the
// language's Intl.PluralRules uses for whole seconds, `other` always) and the
// calendar (null, or the names a browser's Intl lacks); and languages.js
// registers each file. A missing or misspelt key fails here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";

const folder = new URL("../../widget/lang/", import.meta.url);
const files = (await readdir(folder)).filter((name) => name.endsWith(".js")).sort();
const load = async (name) => (await import(new URL(name, folder))).default;
const english = await load("en.js");

test("the ten languages the issue asks for have a file each", () => {
  assert.deepEqual(files, ["de", "en", "es", "fr", "it", "la", "pl", "pt", "tl", "vi"].map((tag) => `${tag}.js`));
});

for (const file of files) {
  const tag = file.replace(/\.js$/, "");
  test(`${file} has English's keys, in the right shapes`, async () => {
    const words = await load(file);
    assert.deepEqual(Object.keys(words).sort(), Object.keys(english).sort(), "the same keys as en.js");
    for (const [key, value] of Object.entries(words)) {
      if (key === "rateLimited" || key === "calendar") continue;
      assert.equal(typeof value, "string", key);
      assert.ok(value.trim(), `${key} is not empty`);
      assert.deepEqual(value.match(/\{\w+\}/g) ?? [], english[key].match(/\{\w+\}/g) ?? [], `${key} keeps English's placeholders`);
    }
    const rules = new Intl.PluralRules(tag);
    const used = new Set(Array.from({ length: 1000 }, (_, seconds) => rules.select(seconds)));
    used.add("other");
    assert.deepEqual(Object.keys(words.rateLimited).sort(), [...used].sort(), "one countdown form for each plural category of whole seconds");
    for (const form of Object.values(words.rateLimited)) assert.match(form, /\{seconds\}/);
    if (words.calendar !== null) {
      assert.equal(words.calendar.weekdays.length, 7);
      assert.equal(words.calendar.months.length, 12);
      assert.match(words.calendar.pattern, /\{weekday\}.*\{day\}.*\{month\}.*\{year\}/);
    }
  });
}

test("languages.js registers every language file", async () => {
  const source = await readFile(new URL("../languages.js", folder), "utf8");
  const imported = [...source.matchAll(/^import \w+ from "\.\/lang\/([\w-]+\.js)";$/gm)].map((match) => match[1]).sort();
  assert.deepEqual(imported, files);
});
