// The parish's own keys, the only ones that may spend the reserve of the
// day's budget: today and the days either side of it (a visitor's today, in
// any time zone), for every skill served, and the dates the parish's own
// pages name (`reservedDates`, e.g. "next Sunday", resolved each day; words
// that name no day are matched by their normalised text).
import { addDays, normalizeQuery, resolveDay } from "./day.js";

/** `(day, query, today) => boolean`: whether a miss for `day` (null for words `query`) on `today` is the parish's own. */
export function ownKeys(reservedDates) {
  const texts = reservedDates.map(normalizeQuery);
  let days = { today: null, set: new Set() };
  return (day, query, today) => {
    if (!day) return texts.includes(query);
    if (days.today !== today) {
      const named = texts.map((text) => resolveDay(text, today)).filter(Boolean);
      days = { today, set: new Set([addDays(today, -1), today, addDays(today, 1), ...named]) };
    }
    return days.set.has(day);
  };
}
