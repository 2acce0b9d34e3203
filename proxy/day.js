// Calendar days in the parish's time zone, and the date words the proxy
// resolves to one: every visitor's "today" (or "next Sunday") is the same
// day, so it is the same cache entry. The meanings are the service's
// (see docs/simulator.md, "Date queries"): `Sunday` and `this Sunday` are
// the next one, today included; `next Sunday` is strictly after today,
// `last Sunday` strictly before.

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const RELATIVE = { today: 0, tomorrow: 1, yesterday: -1 };
const DAY_MS = 86_400_000;

/**
 * A function giving the calendar day (`YYYY-MM-DD`) of an instant (ms since
 * the epoch) in `timeZone`; throws a RangeError for a zone the platform does
 * not know.
 */
export function dayInZone(timeZone) {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    calendar: "gregory",
    numberingSystem: "latn",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return (instant) => {
    const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
    return `${parts.year.padStart(4, "0")}-${parts.month}-${parts.day}`;
  };
}

/**
 * `(day, today) => boolean`: whether `day` (`YYYY-MM-DD`) is at most `back`
 * days before `today` and at most `ahead` days after it.
 */
export function dayWindow(back, ahead) {
  return (day, today) => day >= addDays(today, -back) && day <= addDays(today, ahead);
}

/**
 * The parish's clock: `now()` (ms since the epoch), `today()` (`YYYY-MM-DD`
 * of `dayOf`, a function of dayInZone), and `secondsToTomorrow()`: the whole
 * seconds (at least 1) until the parish's next day begins, found once a day
 * (a day is 23 to 25 hours long where clocks change).
 */
export function parishClock(dayOf, now) {
  let next = { day: null, starts: 0 };
  const today = () => dayOf(now());
  return {
    now,
    today,
    secondsToTomorrow() {
      const instant = now();
      const day = dayOf(instant);
      if (next.day !== day) next = { day, starts: nextDayStart(dayOf, instant) };
      return Math.max(1, Math.ceil((next.starts - instant) / 1000));
    },
  };
}

/** The first millisecond after `instant` that `dayOf` puts on a later day (its days only move forward). */
function nextDayStart(dayOf, instant) {
  const today = dayOf(instant);
  let before = instant;
  let after = instant + 2 * DAY_MS;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (dayOf(middle) === today) before = middle;
    else after = middle;
  }
  return after;
}

/**
 * The service's day at `instant` (`YYYY-MM-DD`), from which it reads words
 * such as "Christmas": UTC's, as the simulator's (the contract names no time
 * zone). Words' answers are kept only while both it and the parish's day last.
 */
export function serviceDay(instant) {
  return new Date(instant).toISOString().slice(0, 10);
}

/** `text` lower-cased, its spaces collapsed, trailing `.?!` dropped: how the service reads a date query. */
export function normalizeQuery(text) {
  return text.trim().toLowerCase().replace(/\s+/g, " ").replace(/[.?!]+$/, "");
}

/**
 * The calendar day `query` (already normalized) names, counted from `today`
 * (`YYYY-MM-DD`): `null` for a query this resolver does not read (a feast, a
 * month and day), `undefined` for `YYYY-MM-DD` that is no day (`2026-02-30`).
 */
export function resolveDay(query, today) {
  if (Object.hasOwn(RELATIVE, query)) return addDays(today, RELATIVE[query]);
  if (/^\d{4}-\d{2}-\d{2}$/.test(query)) return isDay(query) ? query : undefined;
  const words = query.split(" ");
  const [which, name] = words.length === 1 ? ["this", words[0]] : words;
  const target = WEEKDAYS.indexOf(name);
  if (words.length > 2 || target < 0 || !["this", "next", "last"].includes(which)) return null;
  const current = weekday(today);
  const ahead = (target - current + 7) % 7;
  const behind = (current - target + 7) % 7;
  const offset = { this: ahead, next: ahead || 7, last: -(behind || 7) }[which];
  return addDays(today, offset);
}

/** Whether `YYYY-MM-DD` is a real calendar day. */
function isDay(text) {
  const [year, month, day] = text.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The weekday of `YYYY-MM-DD`, 0 for Sunday. */
function weekday(day) {
  return utc(day).getUTCDay();
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(day, days) {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function utc(day) {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}
