// The widget entry (magisterium-a2a/widget, an ES module) with its types:
// checked by every ES-module config of the matrix. Each `@ts-expect-error`
// line must be refused.
import { addLanguage, languageTags, type WidgetCalendar, type WidgetPluralForms, type WidgetWords } from "magisterium-a2a/widget";

const countdown: WidgetPluralForms = { one: "… {seconds} sekundu.", few: "… {seconds} sekunde.", other: "… {seconds} sekundi." };
const calendar: WidgetCalendar = { weekdays: ["nedjelja"], months: ["siječnja"], pattern: "{weekday}, {day}. {month} {year}." };
const croatian: WidgetWords = {
  saintsHeading: "Sveci dana",
  saintsLoading: "Učitavanje svetaca dana…",
  saintsEmpty: "Martirologij za ovaj dan ne navodi ništa.",
  readingsHeading: "Misna čitanja",
  readingsLoading: "Učitavanje čitanja…",
  readingsEmpty: "Za ovaj dan nisu pronađena čitanja.",
  noEndpoint: "…",
  unreachable: "…",
  refused: "…",
  notConnected: "…",
  misconfigured: "… {message}",
  failed: "…",
  rateLimited: countdown,
  backAt: "… {time}.",
  calendar: null,
};
addLanguage("hr", croatian);
addLanguage("hr", { ...croatian, calendar });
const tags: string[] = languageTags();
if (!tags.includes("hr")) throw new Error("hr was added");

// @ts-expect-error every key, the countdown's `other` form among them
addLanguage("hr", { ...croatian, rateLimited: { one: "…" } });
// @ts-expect-error a missing key
addLanguage("hr", { saintsHeading: "Sveci dana" });
