//! `liturgical_readings`: a date query → artifact `mass_readings` with the formatted (sample) readings.

use super::input::Input;
use super::lectionary::{CELEBRATIONS, Celebration, Proper, Readings, Rule, seasonal_pool};
use super::outcome::{SAMPLE_NOTE, SkillOutcome};
use crate::calendar::LiturgicalDay;
use crate::dates::{Date, easter, first_sunday_of_advent, parse_query};

const NOT_FOUND: &str = "No mass readings found.";
const POOL_NOTE: &str = "[Sample seasonal readings: not the lectionary of the day.]";

pub(super) fn run(input: &Input<'_>) -> SkillOutcome {
    let text = input
        .trimmed_text()
        .and_then(|query| parse_query(query, input.today))
        .map_or_else(|| NOT_FOUND.to_string(), format_readings);
    SkillOutcome::text_only("mass_readings", text)
}

fn falls_on(rule: &Rule, date: Date) -> bool {
    match *rule {
        Rule::Fixed(month, day) => date.month() == month && date.day() == day,
        Rule::Easter(offset) => easter(date.year()).add_days(offset) == date,
        Rule::Advent(offset) => first_sunday_of_advent(date.year()).add_days(offset) == date,
    }
}

fn celebration_of(date: Date) -> Option<&'static Celebration> {
    CELEBRATIONS.iter().find(|c| falls_on(&c.rule, date))
}

fn format_readings(date: Date) -> String {
    let day = LiturgicalDay::of(date);
    let (title, readings, note): (String, &Readings, Option<&str>) = match celebration_of(date) {
        Some(c) => {
            let readings = match &c.proper {
                Proper::Always(readings) => readings,
                Proper::ByCycle(by_cycle) => &by_cycle[cycle_index(day.sunday_cycle)],
            };
            (c.name.to_string(), readings, None)
        }
        None => {
            let pool = seasonal_pool(day.season);
            let pick = date.days_since_epoch().rem_euclid(pool.len() as i64) as usize;
            (day.title(), &pool[pick], Some(POOL_NOTE))
        }
    };
    let mut lines = vec![
        format!("Mass readings for {}", date.long_form()),
        title,
        format!("{} · Sunday cycle {} · Weekday cycle {}", day.season.name(), day.sunday_cycle, day.weekday_cycle),
        String::new(),
        format!("First Reading: {}", readings.first),
        format!("Responsorial Psalm: {}", readings.psalm),
    ];
    lines.extend(readings.second.map(|second| format!("Second Reading: {second}")));
    lines.push(format!("Gospel: {}", readings.gospel));
    lines.push(String::new());
    lines.extend(note.map(str::to_string));
    lines.push(SAMPLE_NOTE.to_string());
    lines.join("\n")
}

fn cycle_index(cycle: char) -> usize {
    match cycle {
        'A' => 0,
        'B' => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readings(query: &str) -> String {
        let today = Date::new(2026, 3, 19).unwrap();
        parse_query(query, today).map_or_else(|| NOT_FOUND.to_string(), format_readings)
    }

    #[test]
    fn feasts_have_proper_readings() {
        let easter = readings("Easter Sunday 2026");
        assert!(easter.starts_with("Mass readings for Sunday, April 5, 2026\nEaster Sunday of the Resurrection"));
        assert!(easter.contains("Gospel: John 20:1-9"));
        let palm_2026 = readings("Palm Sunday 2026");
        assert!(palm_2026.contains("Sunday cycle A") && palm_2026.contains("Matthew 26:14"));
        assert!(readings("Palm Sunday 2027").contains("Mark 14:1"));
        assert!(
            readings("Ash Wednesday 2027").contains("Mass readings for Wednesday, February 10, 2027\nAsh Wednesday")
        );
        assert!(readings("2026-03-19").contains("Saint Joseph"));
        assert!(readings("Christmas 2026").contains("John 1:1-18"));
        assert!(readings("2026-11-22").contains("King of the Universe"));
    }

    #[test]
    fn other_days_use_marked_seasonal_samples() {
        let text = readings("2026-03-10");
        assert!(text.contains("Tuesday of the Third Week of Lent"), "{text}");
        assert!(text.contains(POOL_NOTE) && text.contains(SAMPLE_NOTE));
        assert!(!text.contains("Second Reading"));
        assert_eq!(readings("someday"), NOT_FOUND);
        assert_eq!(readings("2300-01-01"), NOT_FOUND);
    }
}
