// The widget's words: one file per language under `lang/` (English is the
// reference), the languages a page adds with `addLanguage`, and which of them
// an element speaks. How to add one: docs/widget.md.
import de from "./lang/de.js";
import en from "./lang/en.js";
import es from "./lang/es.js";
import fr from "./lang/fr.js";
import it from "./lang/it.js";
import la from "./lang/la.js";
import pl from "./lang/pl.js";
import pt from "./lang/pt.js";
import tl from "./lang/tl.js";
import vi from "./lang/vi.js";

/** The languages the widget speaks, by canonical lower-case tag (`tl` is kept as `fil`). */
const LANGUAGES = new Map();

/** Fires `change` when a page adds a language: the elements speak again. */
export const languageEvents = new EventTarget();

/** `tag` canonical and lower-cased (`tl` → `fil`, `PT-br` → `pt-br`); `null` when it is no language tag. */
function canonical(tag) {
  try {
    return Intl.getCanonicalLocales(tag)[0].toLowerCase();
  } catch {
    return null;
  }
}

/** An error of the page's call, with a stable `code` as the package's errors have. */
function invalid(message) {
  return Object.assign(new TypeError(message), { code: "INVALID_INPUT" });
}

/**
 * The names of Intl.PluralRules' categories. A language file may name any:
 * the browser's rules for its language pick one (a browser without them
 * falls back to its own language's, and a missing form to `other`).
 */
const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

/** Why `words` is not a complete set of the widget's words (`""`: it is). */
function problem(words) {
  if (typeof words !== "object" || words === null) return "the words must be an object";
  const keys = (object) => Object.keys(object).sort().join(", ");
  if (keys(words) !== keys(en)) return `the keys must be those of English: ${keys(en)}`;
  for (const [key, value] of Object.entries(words)) {
    if (key === "rateLimited" || key === "calendar") continue;
    if (typeof value !== "string") return `${key} must be a string`;
  }
  const plural = words.rateLimited;
  if (typeof plural !== "object" || plural === null || typeof plural.other !== "string") {
    return `rateLimited must be an object of plural forms with at least "other"`;
  }
  if (Object.entries(plural).some(([category, text]) => !PLURAL_CATEGORIES.includes(category) || typeof text !== "string")) {
    return `rateLimited's forms must be strings named among ${PLURAL_CATEGORIES.join(", ")}`;
  }
  const calendar = words.calendar;
  if (calendar === null) return "";
  const names = (list, length) => Array.isArray(list) && list.length === length && list.every((name) => typeof name === "string");
  if (!names(calendar?.weekdays, 7) || !names(calendar.months, 12) || typeof calendar.pattern !== "string") {
    return "calendar must be null or { weekdays: 7 names from Sunday, months: 12 names, pattern }";
  }
  return "";
}

/**
 * Teaches every widget of the page a language (or replaces one): `tag` is
 * its BCP 47 tag (`"hr"`, `"pt-BR"`), `words` an object with the keys of
 * `lang/en.js`. Elements that speak it show it at once. Throws a TypeError
 * with `code: "INVALID_INPUT"` naming what is missing or wrong.
 */
export function addLanguage(tag, words) {
  const key = typeof tag === "string" ? canonical(tag) : null;
  if (!key) throw invalid(`addLanguage: ${JSON.stringify(tag)} is not a language tag`);
  const wrong = problem(words);
  if (wrong) throw invalid(`addLanguage(${JSON.stringify(tag)}): ${wrong}`);
  LANGUAGES.set(key, Object.freeze({ ...words }));
  languageEvents.dispatchEvent(new Event("change"));
}

for (const [tag, words] of Object.entries({ de, en, es, fr, it, la, pl, pt, tl, vi })) addLanguage(tag, words);

/** The tags of the languages the widget speaks now (canonical, lower-case: `fil` for Tagalog), those a page added included. */
export function languageTags() {
  return [...LANGUAGES.keys()];
}

/**
 * What `element` speaks: the first of its nearest `lang` (itself included),
 * the document's `<html lang>` (for an element inside another shadow root),
 * and the browser's languages that the widget knows, by full tag first
 * (`pt-br`), then by language (`pt`); English last. Answers the words and
 * the tag to format dates with (the page's own, so `en-GB` writes
 * "Sunday 6 December 2026").
 */
export function languageOf(element) {
  const tags = [element.closest("[lang]")?.getAttribute("lang"), document.documentElement.getAttribute("lang"), ...navigator.languages];
  for (const tag of tags) {
    const key = tag ? canonical(tag) : null;
    if (!key) continue;
    const words = LANGUAGES.get(key) ?? LANGUAGES.get(key.split("-")[0]);
    if (words) return { words, tag: key };
  }
  return { words: LANGUAGES.get("en"), tag: "en" };
}

/** `template` with each `{name}` replaced by `values[name]`. */
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** The longest wait said as a countdown of seconds; a longer one is said as the time of day it ends. */
const LONGEST_COUNTDOWN_S = 300;

/**
 * The rate-limit message for a wait of `seconds`: a countdown in the plural
 * form `tag` asks for, or, for a wait of more than five minutes (a day's
 * calls spent until the parish's midnight), the time of day it ends in `tag`.
 */
export function rateLimited(words, tag, seconds) {
  if (seconds > LONGEST_COUNTDOWN_S) {
    const time = new Intl.DateTimeFormat(tag, { hour: "numeric", minute: "2-digit" }).format(Date.now() + seconds * 1000);
    return fill(words.backAt, { time });
  }
  const form = words.rateLimited[new Intl.PluralRules(tag).select(seconds)] ?? words.rateLimited.other;
  return fill(form, { seconds });
}
