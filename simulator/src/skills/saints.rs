//! `saints_of_the_day`: a date → artifact `martyrology` with the formatted (sample) entry.

use super::input::Input;
use super::martyrology::ENTRIES;
use super::outcome::{SAMPLE_NOTE, SkillOutcome};
use crate::dates::{Date, parse_query};
use serde_json::Value;

const NOT_FOUND: &str = "No martyrology data found.";

/// The date from a data part `{"date": "…"}`, else from a text part, parsed as a date query.
fn requested_date(input: &Input<'_>) -> Option<Date> {
    let from_data = input.data().and_then(|d| d.get("date")).and_then(Value::as_str);
    from_data.or_else(|| input.trimmed_text()).and_then(|query| parse_query(query, input.today))
}

pub(super) fn run(input: &Input<'_>) -> SkillOutcome {
    let text = requested_date(input)
        .and_then(|date| entry(date).map(|lines| format_entry(date, lines)))
        .unwrap_or_else(|| NOT_FOUND.to_string());
    SkillOutcome::text_only("martyrology", text)
}

fn entry(date: Date) -> Option<&'static [&'static str]> {
    ENTRIES.iter().find(|(month, day, _)| *month == date.month() && *day == date.day()).map(|(_, _, lines)| *lines)
}

fn format_entry(date: Date, lines: &[&str]) -> String {
    let numbered: Vec<String> = lines.iter().enumerate().map(|(i, l)| format!("{}. {l}", i + 1)).collect();
    format!("Roman Martyrology for {} (sample)\n\n{}\n\n{SAMPLE_NOTE}", date.long_form(), numbered.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The days the sample martyrology leaves empty, so the empty answer stays testable
    /// (the page suite and the simulator's tests use them; docs/simulator.md lists them).
    const EMPTY_DAYS: [(u32, u32); 2] = [(3, 20), (6, 10)];

    #[test]
    fn every_day_of_a_leap_year_but_the_empty_ones_has_entries_in_order() {
        for pair in ENTRIES.windows(2) {
            assert!((pair[0].0, pair[0].1) < (pair[1].0, pair[1].1));
        }
        for (m, d, lines) in ENTRIES {
            assert!(Date::new(2024, *m, *d).is_some() && !lines.is_empty());
        }
        for month in 1..=12 {
            for day in (1..=31).filter(|&day| Date::new(2024, month, day).is_some()) {
                let listed = entry(Date::new(2024, month, day).unwrap()).is_some();
                assert_eq!(listed, !EMPTY_DAYS.contains(&(month, day)), "{month}-{day}");
            }
        }
    }

    #[test]
    fn formats_an_entry() {
        let date = Date::new(2026, 3, 19).unwrap();
        let text = format_entry(date, entry(date).unwrap());
        assert!(text.starts_with(
            "Roman Martyrology for Thursday, March 19, 2026 (sample)\n\n1. The Solemnity of Saint Joseph"
        ));
        assert!(entry(Date::new(2026, 3, 20).unwrap()).is_none());
    }
}
