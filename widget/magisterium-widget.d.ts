/**
 * magisterium-a2a/widget — the parish widget: importing it defines the custom
 * elements `<magisterium-saints>` and `<magisterium-readings>`. Its exports
 * teach them a language (docs/widget.md, "Adding a language") and list the
 * languages they speak.
 */

/** A countdown sentence per plural form (`Intl.PluralRules`' names); `{seconds}` stands for the number. */
export type WidgetPluralForms = { other: string } & Partial<Record<"zero" | "one" | "two" | "few" | "many", string>>;

/** A language's own calendar names, for a language the browser's `Intl.DateTimeFormat` does not know. */
export interface WidgetCalendar {
  /** Seven names, Sunday first. */
  weekdays: readonly string[];
  /** Twelve names, January first, in the form the pattern needs. */
  months: readonly string[];
  /** The date line, e.g. `"{weekday}, die {day} {month} {year}"`. */
  pattern: string;
}

/** Every word the widget shows, in one language: the keys of `widget/lang/en.js`. */
export interface WidgetWords {
  saintsHeading: string;
  saintsLoading: string;
  saintsEmpty: string;
  readingsHeading: string;
  readingsLoading: string;
  readingsEmpty: string;
  /** Shown by an element without an `endpoint`. */
  noEndpoint: string;
  unreachable: string;
  /** The service refused the credentials (`UNAUTHORIZED`, `PLAN_REQUIRED`). */
  refused: string;
  /** The parish's proxy has no usable token (its answer's `data.reason` is `"not_connected"`). */
  notConnected: string;
  /** `{message}` stands for the error's own text (`INVALID_INPUT`). */
  misconfigured: string;
  failed: string;
  /** The rate-limit countdown, for a wait of at most five minutes. */
  rateLimited: WidgetPluralForms;
  /** A longer wait (a day's calls spent until midnight): `{time}` stands for the time of day it ends, in the language. */
  backAt: string;
  /** `null` when `Intl.DateTimeFormat` knows the language. */
  calendar: WidgetCalendar | null;
}

/**
 * Teaches every widget of the page the language `tag` (a BCP 47 tag such as
 * `"hr"` or `"pt-BR"`), or replaces it; the elements that speak it show it at
 * once. Throws a `TypeError` with `code: "INVALID_INPUT"` when `tag` is no
 * language tag or `words` lacks a key or has one too many.
 */
export function addLanguage(tag: string, words: WidgetWords): void;

/**
 * The tags of the languages the widget speaks now, canonical and lower-case
 * (`"fil"` for Tagalog), those added with `addLanguage` included: the choices
 * of an element's `lang`.
 */
export function languageTags(): string[];
