// The widget's date line: the day a `date` attribute names, read as the
// parish's proxy and the service read it (proxy/day.js: `today`, `next
// Sunday`, `YYYY-MM-DD`…) but counted from the visitor's own day, and
// written out in the widget's language.
import { dayInZone, normalizeQuery, resolveDay } from "../proxy/day.js";
import { fill } from "./languages.js";

/** The visitor's calendar day (`YYYY-MM-DD`) at an instant. */
const visitorsDay = dayInZone(undefined);

/**
 * The day `query` names (`YYYY-MM-DD`), counted from the visitor's today;
 * `null` when only the service can tell (a feast such as "Easter Sunday
 * 2026") or when it names no day (`2026-02-30`).
 */
export function dayOf(query) {
  return resolveDay(normalizeQuery(query), visitorsDay(Date.now())) ?? null;
}

/**
 * `day` (`YYYY-MM-DD`) in words: "Sunday, December 6, 2026" through
 * `Intl.DateTimeFormat` in `tag`, or through `calendar` (a language file's
 * own names, for a language the browser's Intl does not know, such as Latin).
 */
export function describeDay(day, tag, calendar) {
  const [year, month, date] = day.split("-").map(Number);
  const instant = Date.UTC(year, month - 1, date);
  if (calendar) {
    const weekday = calendar.weekdays[new Date(instant).getUTCDay()];
    return fill(calendar.pattern, { weekday, day: date, month: calendar.months[month - 1], year });
  }
  return new Intl.DateTimeFormat(tag, { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(instant);
}
