//! Civil dates without a date library: proleptic Gregorian arithmetic, Easter, RFC 3339 timestamps
//! and the natural-language date queries understood by `liturgical_readings` and `saints_of_the_day`.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// First year the date skills answer for.
pub(crate) const MIN_YEAR: i32 = 1900;
/// Last year the date skills answer for.
pub(crate) const MAX_YEAR: i32 = 2199;

/// A day of the proleptic Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Date {
    year: i32,
    month: u32,
    day: u32,
}

/// A day of the week.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Weekday {
    Sunday,
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
}

const WEEKDAYS: [Weekday; 7] = [
    Weekday::Sunday,
    Weekday::Monday,
    Weekday::Tuesday,
    Weekday::Wednesday,
    Weekday::Thursday,
    Weekday::Friday,
    Weekday::Saturday,
];

const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

impl Weekday {
    /// The English name, capitalised.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Weekday::Sunday => "Sunday",
            Weekday::Monday => "Monday",
            Weekday::Tuesday => "Tuesday",
            Weekday::Wednesday => "Wednesday",
            Weekday::Thursday => "Thursday",
            Weekday::Friday => "Friday",
            Weekday::Saturday => "Saturday",
        }
    }

    /// Days since the previous Sunday (Sunday = 0).
    pub(crate) fn days_from_sunday(self) -> i64 {
        self as i64
    }

    fn parse(word: &str) -> Option<Weekday> {
        WEEKDAYS.into_iter().find(|w| w.name().eq_ignore_ascii_case(word))
    }
}

impl Date {
    /// A valid date, or `None` (month 1..=12, day within the month).
    pub(crate) fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        let valid = (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month);
        valid.then_some(Date { year, month, day })
    }

    /// The date with `month` clamped to 1..=12 and `day` to the days of that month.
    pub(crate) fn clamped(year: i32, month: u32, day: u32) -> Date {
        let month = month.clamp(1, 12);
        Date { year, month, day: day.clamp(1, days_in_month(year, month)) }
    }

    /// The year.
    pub(crate) fn year(self) -> i32 {
        self.year
    }

    /// The month, 1..=12.
    pub(crate) fn month(self) -> u32 {
        self.month
    }

    /// The day of the month, 1..=31.
    pub(crate) fn day(self) -> u32 {
        self.day
    }

    /// The English month name.
    pub(crate) fn month_name(self) -> &'static str {
        MONTH_NAMES[(self.month - 1) as usize]
    }

    /// E.g. `Thursday, March 19, 2026`.
    pub(crate) fn long_form(self) -> String {
        format!("{}, {} {}, {}", self.weekday().name(), self.month_name(), self.day, self.year)
    }

    /// Days since 1970-01-01 (negative before).
    pub(crate) fn days_since_epoch(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01.
    pub(crate) fn from_days_since_epoch(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date { year: i32::try_from(year).unwrap_or(i32::MAX), month: month as u32, day: day as u32 }
    }

    /// The UTC calendar day of `t`.
    pub(crate) fn from_system_time(t: SystemTime) -> Date {
        Date::from_days_since_epoch(unix_seconds(t).div_euclid(86_400))
    }

    /// This date moved by `days` (negative goes back).
    pub(crate) fn add_days(self, days: i64) -> Date {
        Date::from_days_since_epoch(self.days_since_epoch() + days)
    }

    /// Whole days from `earlier` to `self`.
    pub(crate) fn days_after(self, earlier: Date) -> i64 {
        self.days_since_epoch() - earlier.days_since_epoch()
    }

    /// The day of the week.
    pub(crate) fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday.
        WEEKDAYS[(self.days_since_epoch() + 4).rem_euclid(7) as usize]
    }

    /// Whether the date lies within the years the date skills answer for.
    pub(crate) fn in_supported_range(self) -> bool {
        (MIN_YEAR..=MAX_YEAR).contains(&self.year)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn unix_seconds(t: SystemTime) -> i64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
        Err(e) => -i64::try_from(e.duration().as_secs()).unwrap_or(i64::MAX),
    }
}

/// `t` as an RFC 3339 UTC timestamp with milliseconds, e.g. `2026-03-19T08:30:00.000Z`.
pub(crate) fn rfc3339(t: SystemTime) -> String {
    let secs = unix_seconds(t);
    let millis = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.subsec_millis(),
        Err(_) => 0,
    };
    let date = Date::from_days_since_epoch(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400);
    format!("{date}T{:02}:{:02}:{:02}.{millis:03}Z", s / 3600, s / 60 % 60, s % 60)
}

/// Easter Sunday of `year` by the Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
pub(crate) fn easter(year: i32) -> Date {
    let a = year.rem_euclid(19);
    let b = year.div_euclid(100);
    let c = year.rem_euclid(100);
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15).rem_euclid(30);
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k).rem_euclid(7);
    let m = (a + 11 * h + 22 * l) / 451;
    let n = h + l - 7 * m + 114;
    Date { year, month: (n / 31) as u32, day: (n % 31 + 1) as u32 }
}

/// The First Sunday of Advent that begins the liturgical year ending in `year + 1`:
/// the fourth Sunday before Christmas of `year`.
pub(crate) fn first_sunday_of_advent(year: i32) -> Date {
    let christmas = Date { year, month: 12, day: 25 };
    let back = match christmas.weekday().days_from_sunday() {
        0 => 7,
        n => n,
    };
    christmas.add_days(-back - 21)
}

/// A movable or fixed feast that a date query may name, as a function of the civil year.
type FeastFn = fn(i32) -> Date;

/// Named feasts understood in date queries, each with its aliases.
const FEASTS: &[(&[&str], FeastFn)] = &[
    (&["easter", "easter sunday", "easter day"], easter),
    (&["ash wednesday"], |y| easter(y).add_days(-46)),
    (&["palm sunday"], |y| easter(y).add_days(-7)),
    (&["holy thursday", "maundy thursday"], |y| easter(y).add_days(-3)),
    (&["good friday"], |y| easter(y).add_days(-2)),
    (&["holy saturday"], |y| easter(y).add_days(-1)),
    (&["divine mercy sunday"], |y| easter(y).add_days(7)),
    (&["ascension", "ascension thursday"], |y| easter(y).add_days(39)),
    (&["pentecost", "pentecost sunday"], |y| easter(y).add_days(49)),
    (&["trinity sunday"], |y| easter(y).add_days(56)),
    (&["corpus christi"], |y| easter(y).add_days(60)),
    (&["first sunday of advent", "advent sunday"], first_sunday_of_advent),
    (&["christmas", "christmas day"], |year| Date { year, month: 12, day: 25 }),
    (&["christmas eve"], |year| Date { year, month: 12, day: 24 }),
    (&["epiphany"], |year| Date { year, month: 1, day: 6 }),
    (&["all saints", "all saints day", "all saints' day"], |year| Date { year, month: 11, day: 1 }),
    (&["all souls", "all souls day", "all souls' day"], |year| Date { year, month: 11, day: 2 }),
    (&["assumption"], |year| Date { year, month: 8, day: 15 }),
    (&["immaculate conception"], |year| Date { year, month: 12, day: 8 }),
];

/// Parses a natural-language date query relative to `today`.
///
/// Understands `today`, `tomorrow`, `yesterday`; `Sunday`, `this Sunday` (the next one, today
/// included), `next Sunday` (strictly after today), `last Sunday` (strictly before), for every
/// weekday; `YYYY-MM-DD`; `March 19`, `March 19, 2026`, `19 March 2026`; and named feasts with or
/// without a year (`Easter Sunday 2026`, `Ash Wednesday 2027`, `Christmas`): without a year, the
/// next occurrence on or after today. Dates outside 1900..=2199 are refused.
pub(crate) fn parse_query(query: &str, today: Date) -> Option<Date> {
    let normalized = normalize(query);
    let words: Vec<&str> = normalized.split(' ').filter(|w| !w.is_empty()).collect();
    let date = parse_words(&words, today)?;
    date.in_supported_range().then_some(date)
}

fn normalize(query: &str) -> String {
    let lowered = query.trim().to_lowercase().replace(',', " ");
    let trimmed = lowered.trim_end_matches(['.', '?', '!']).trim();
    let stripped = ["for ", "on "].iter().find_map(|prefix| trimmed.strip_prefix(prefix)).unwrap_or(trimmed);
    stripped.to_string()
}

fn parse_words(words: &[&str], today: Date) -> Option<Date> {
    let relative = match words {
        ["today"] => Some(today),
        ["tomorrow"] => Some(today.add_days(1)),
        ["yesterday"] => Some(today.add_days(-1)),
        [single] => parse_iso(single).or_else(|| relative_weekday("this", single, today)),
        [which @ ("this" | "next" | "last"), day] => relative_weekday(which, day, today),
        _ => None,
    };
    relative.or_else(|| parse_month_day(words, today.year())).or_else(|| parse_feast(words, today))
}

fn parse_iso(word: &str) -> Option<Date> {
    let mut fields = word.split('-');
    let (y, m, d) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    Date::new(parse_digits(y)?, parse_digits(m)?, parse_digits(d)?)
}

fn parse_digits<T: std::str::FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn relative_weekday(which: &str, day: &str, today: Date) -> Option<Date> {
    let target = Weekday::parse(day)?.days_from_sunday();
    let current = today.weekday().days_from_sunday();
    let ahead = (target - current).rem_euclid(7);
    let behind = (current - target).rem_euclid(7);
    let offset = match which {
        "this" => ahead,
        "next" if ahead == 0 => 7,
        "next" => ahead,
        "last" if behind == 0 => -7,
        "last" => -behind,
        _ => return None,
    };
    Some(today.add_days(offset))
}

fn parse_month(word: &str) -> Option<u32> {
    MONTH_NAMES
        .iter()
        .position(|name| {
            let name = name.to_ascii_lowercase();
            word == name || (word.len() >= 3 && name.starts_with(word) && word.len() <= 4)
        })
        .map(|i| i as u32 + 1)
}

fn parse_day_number(word: &str) -> Option<u32> {
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &word[digits.len()..];
    matches!(suffix, "" | "st" | "nd" | "rd" | "th").then(|| parse_digits(digits)).flatten()
}

fn parse_year(word: &str) -> Option<i32> {
    (word.len() == 4).then(|| parse_digits(word)).flatten()
}

fn parse_month_day(words: &[&str], current_year: i32) -> Option<Date> {
    let (head, year) = match words {
        [head @ .., last] if head.len() == 2 => (head, parse_year(last)?),
        _ => (words, current_year),
    };
    let (month, day) = match head {
        [a, b] => match parse_month(a) {
            Some(m) => (m, parse_day_number(b)?),
            None => (parse_month(b)?, parse_day_number(a)?),
        },
        _ => return None,
    };
    Date::new(year, month, day)
}

fn parse_feast(words: &[&str], today: Date) -> Option<Date> {
    let (name_words, year) = match words {
        [head @ .., last] if parse_year(last).is_some() => (head, parse_year(last)),
        _ => (words, None),
    };
    let name = name_words.join(" ");
    let name = name.strip_prefix("the ").unwrap_or(&name);
    let (_, feast) = FEASTS.iter().find(|(aliases, _)| aliases.contains(&name))?;
    Some(match year {
        Some(year) => feast(year),
        None if feast(today.year()) >= today => feast(today.year()),
        None => feast(today.year() + 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        parse_iso(s).unwrap()
    }

    #[test]
    fn civil_day_arithmetic_round_trips() {
        for days in [-800_000, -1, 0, 1, 59, 365, 10_957, 20_000, 100_000] {
            assert_eq!(Date::from_days_since_epoch(days).days_since_epoch(), days);
        }
        assert_eq!(Date::from_days_since_epoch(0), d("1970-01-01"));
        assert_eq!(d("2000-03-01").add_days(-1), d("2000-02-29"));
        assert_eq!(d("1900-03-01").add_days(-1), d("1900-02-28"));
        assert_eq!(d("2026-03-19").weekday(), Weekday::Thursday);
        assert_eq!(d("2024-12-25").weekday(), Weekday::Wednesday);
    }

    #[test]
    fn easter_by_the_anonymous_gregorian_algorithm() {
        let known = [
            (1900, "1900-04-15"),
            (1961, "1961-04-02"),
            (2000, "2000-04-23"),
            (2008, "2008-03-23"),
            (2019, "2019-04-21"),
            (2024, "2024-03-31"),
            (2025, "2025-04-20"),
            (2026, "2026-04-05"),
            (2027, "2027-03-28"),
            (2038, "2038-04-25"),
            (2100, "2100-03-28"),
        ];
        for (year, date) in known {
            assert_eq!(easter(year), d(date), "Easter {year}");
        }
    }

    #[test]
    fn first_sunday_of_advent() {
        assert_eq!(super::first_sunday_of_advent(2025), d("2025-11-30"));
        assert_eq!(super::first_sunday_of_advent(2022), d("2022-11-27"));
        assert_eq!(super::first_sunday_of_advent(2023), d("2023-12-03"));
    }

    #[test]
    fn relative_queries() {
        let thursday = d("2026-03-19");
        let q = |s| parse_query(s, thursday);
        assert_eq!(q("today"), Some(thursday));
        assert_eq!(q(" Tomorrow "), Some(d("2026-03-20")));
        assert_eq!(q("yesterday"), Some(d("2026-03-18")));
        assert_eq!(q("next Sunday"), Some(d("2026-03-22")));
        assert_eq!(q("Sunday"), Some(d("2026-03-22")));
        assert_eq!(q("next Thursday"), Some(d("2026-03-26")));
        assert_eq!(q("this thursday"), Some(thursday));
        assert_eq!(q("last Thursday"), Some(d("2026-03-12")));
        assert_eq!(q("last Wednesday"), Some(d("2026-03-18")));
        assert_eq!(q("last Friday"), Some(d("2026-03-13")));
        assert_eq!(q("next monday?"), Some(d("2026-03-23")));
    }

    #[test]
    fn absolute_and_feast_queries() {
        let today = d("2026-06-01");
        let q = |s| parse_query(s, today);
        assert_eq!(q("2026-03-19"), Some(d("2026-03-19")));
        assert_eq!(q("Easter Sunday 2026"), Some(d("2026-04-05")));
        assert_eq!(q("Easter 2026"), Some(d("2026-04-05")));
        assert_eq!(q("easter 2024"), Some(d("2024-03-31")));
        assert_eq!(q("Christmas 2026"), Some(d("2026-12-25")));
        assert_eq!(q("Ash Wednesday 2027"), Some(d("2027-02-10")));
        assert_eq!(q("Pentecost 2026"), Some(d("2026-05-24")));
        assert_eq!(q("Palm Sunday 2026"), Some(d("2026-03-29")));
        assert_eq!(q("Good Friday 2025"), Some(d("2025-04-18")));
        assert_eq!(q("for the Epiphany 2027."), Some(d("2027-01-06")));
        assert_eq!(q("Easter"), Some(d("2027-03-28")), "next Easter after today");
        assert_eq!(q("Christmas"), Some(d("2026-12-25")));
        assert_eq!(q("March 19, 2027"), Some(d("2027-03-19")));
        assert_eq!(q("19 March 2027"), Some(d("2027-03-19")));
        assert_eq!(q("Dec 8th"), Some(d("2026-12-08")));
    }

    #[test]
    fn refused_queries() {
        let today = d("2026-06-01");
        for query in [
            "",
            "   ",
            "someday",
            "2026-02-30",
            "2026-13-01",
            "1899-12-31",
            "2200-01-01",
            "Easter 1800",
            "next week",
            "February 30 2026",
            "26-03-19",
            "+2026-03-19",
            "Christmas 20260",
        ] {
            assert_eq!(parse_query(query, today), None, "{query:?}");
        }
        assert_eq!(parse_query("1900-01-01", today), Some(d("1900-01-01")));
        assert_eq!(parse_query("2199-12-31", today), Some(d("2199-12-31")));
    }

    #[test]
    fn timestamps_are_rfc3339_utc() {
        let t = UNIX_EPOCH + std::time::Duration::from_millis(1_773_909_000_123);
        assert_eq!(rfc3339(t), "2026-03-19T08:30:00.123Z");
        assert_eq!(Date::from_system_time(t), d("2026-03-19"));
    }
}
