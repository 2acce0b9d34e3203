//! The liturgical calendar of a civil date: season, week, Sunday and weekday cycles, and the day's title.

use crate::dates::{Date, Weekday, easter, first_sunday_of_advent};

/// A liturgical season.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Season {
    Advent,
    Christmas,
    Lent,
    HolyWeek,
    Easter,
    OrdinaryTime,
}

impl Season {
    /// The season's English name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Season::Advent => "Advent",
            Season::Christmas => "Christmas Time",
            Season::Lent => "Lent",
            Season::HolyWeek => "Holy Week",
            Season::Easter => "Easter Time",
            Season::OrdinaryTime => "Ordinary Time",
        }
    }
}

/// Where a date falls in the liturgical year.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LiturgicalDay {
    pub(crate) date: Date,
    pub(crate) season: Season,
    /// Week of the season (0: the days after Ash Wednesday, before the First Sunday of Lent).
    pub(crate) week: i64,
    /// Sunday lectionary cycle: `A`, `B` or `C`.
    pub(crate) sunday_cycle: char,
    /// Weekday lectionary cycle: `I` (odd years) or `II` (even years).
    pub(crate) weekday_cycle: &'static str,
}

/// The Baptism of the Lord: the Sunday after January 6, ending Christmas Time.
fn baptism_of_the_lord(year: i32) -> Date {
    let epiphany = Date::clamped(year, 1, 6);
    epiphany.add_days(7 - epiphany.weekday().days_from_sunday())
}

impl LiturgicalDay {
    /// The liturgical day of `date`.
    pub(crate) fn of(date: Date) -> LiturgicalDay {
        let year = date.year();
        let advent = first_sunday_of_advent(year);
        let easter = easter(year);
        let ash_wednesday = easter.add_days(-46);
        let first_sunday_of_lent = ash_wednesday.add_days(4);
        let palm_sunday = easter.add_days(-7);
        let pentecost = easter.add_days(49);
        let baptism = baptism_of_the_lord(year);
        let christmas = Date::clamped(year, 12, 25);
        let weeks_since = |start: Date| date.days_after(start).div_euclid(7) + 1;
        let (season, week) = if date >= christmas || date <= baptism {
            (Season::Christmas, 0)
        } else if date >= advent {
            (Season::Advent, weeks_since(advent))
        } else if date >= palm_sunday && date < easter {
            (Season::HolyWeek, 0)
        } else if date >= first_sunday_of_lent && date < easter {
            (Season::Lent, weeks_since(first_sunday_of_lent))
        } else if date >= ash_wednesday && date < easter {
            (Season::Lent, 0)
        } else if date >= easter && date <= pentecost {
            (Season::Easter, weeks_since(easter))
        } else if date < ash_wednesday {
            (Season::OrdinaryTime, weeks_since(baptism))
        } else {
            (Season::OrdinaryTime, 34 - advent.add_days(-1).days_after(date).div_euclid(7))
        };
        let liturgical_year = if date >= advent { year + 1 } else { year };
        LiturgicalDay {
            date,
            season,
            week,
            sunday_cycle: ['C', 'A', 'B'][liturgical_year.rem_euclid(3) as usize],
            weekday_cycle: if liturgical_year % 2 == 0 { "II" } else { "I" },
        }
    }

    /// The day's title, e.g. `Third Sunday of Lent` or `Tuesday of the Fifth Week of Easter`.
    pub(crate) fn title(&self) -> String {
        let weekday = self.date.weekday();
        let day = weekday.name();
        let sunday = weekday == Weekday::Sunday;
        let nth = ordinal(self.week);
        match self.season {
            Season::Christmas if (26..=31).contains(&self.date.day()) && self.date.month() == 12 => {
                format!("{day} within the Octave of Christmas")
            }
            Season::Christmas if sunday => "Sunday of Christmas Time".to_string(),
            Season::Christmas => format!("{day} of Christmas Time"),
            Season::Lent if self.week == 0 => format!("{day} after Ash Wednesday"),
            Season::HolyWeek => format!("{day} of Holy Week"),
            Season::Easter if self.week == 1 => format!("{day} within the Octave of Easter"),
            Season::OrdinaryTime if sunday => format!("{nth} Sunday in Ordinary Time"),
            Season::OrdinaryTime => format!("{day} of the {nth} Week in Ordinary Time"),
            season if sunday => format!("{nth} Sunday of {}", season_short(season)),
            season => format!("{day} of the {nth} Week of {}", season_short(season)),
        }
    }
}

fn season_short(season: Season) -> &'static str {
    match season {
        Season::Easter => "Easter",
        other => other.name(),
    }
}

/// `First` … `Thirty-Fourth`.
fn ordinal(n: i64) -> String {
    const UNITS: [&str; 10] =
        ["", "First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth"];
    const TEENS: [&str; 10] = [
        "Tenth",
        "Eleventh",
        "Twelfth",
        "Thirteenth",
        "Fourteenth",
        "Fifteenth",
        "Sixteenth",
        "Seventeenth",
        "Eighteenth",
        "Nineteenth",
    ];
    const TENS: [&str; 4] = ["", "", "Twenty", "Thirty"];
    const TENTHS: [&str; 4] = ["", "", "Twentieth", "Thirtieth"];
    let n = n.clamp(1, 39) as usize;
    match (n / 10, n % 10) {
        (0, u) => UNITS[u].to_string(),
        (1, u) => TEENS[u].to_string(),
        (t, 0) => TENTHS[t].to_string(),
        (t, u) => format!("{}-{}", TENS[t], UNITS[u]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> LiturgicalDay {
        let (y, rest) = s.split_at(4);
        let m = rest[1..3].parse().unwrap();
        let d = rest[4..6].parse().unwrap();
        LiturgicalDay::of(Date::new(y.parse().unwrap(), m, d).unwrap())
    }

    #[test]
    fn seasons_weeks_and_cycles() {
        let d = day("2026-03-08");
        assert_eq!((d.season, d.title().as_str()), (Season::Lent, "Third Sunday of Lent"));
        assert_eq!((d.sunday_cycle, d.weekday_cycle), ('A', "II"));
        assert_eq!(day("2026-02-19").title(), "Thursday after Ash Wednesday");
        assert_eq!(day("2026-03-31").title(), "Tuesday of Holy Week");
        assert_eq!(day("2026-04-07").title(), "Tuesday within the Octave of Easter");
        assert_eq!(day("2026-04-12").title(), "Second Sunday of Easter");
        assert_eq!(day("2026-05-12").title(), "Tuesday of the Sixth Week of Easter");
        assert_eq!(day("2026-01-18").title(), "Second Sunday in Ordinary Time");
        assert_eq!(day("2026-01-13").title(), "Tuesday of the First Week in Ordinary Time");
        assert_eq!(day("2026-11-22").title(), "Thirty-Fourth Sunday in Ordinary Time");
        assert_eq!(day("2026-11-21").title(), "Saturday of the Thirty-Third Week in Ordinary Time");
        let advent = day("2025-12-07");
        assert_eq!((advent.title().as_str(), advent.sunday_cycle), ("Second Sunday of Advent", 'A'));
        assert_eq!(day("2025-11-23").sunday_cycle, 'C');
        assert_eq!(day("2026-12-28").title(), "Monday within the Octave of Christmas");
        assert_eq!(day("2027-01-05").season, Season::Christmas);
        assert_eq!(day("2026-01-11").season, Season::Christmas);
        assert_eq!(day("2026-01-12").season, Season::OrdinaryTime);
    }

    #[test]
    fn ordinals() {
        assert_eq!(ordinal(1), "First");
        assert_eq!(ordinal(12), "Twelfth");
        assert_eq!(ordinal(20), "Twentieth");
        assert_eq!(ordinal(34), "Thirty-Fourth");
    }
}
