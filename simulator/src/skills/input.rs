//! The user's message as a skill reads it.

use serde_json::{Map, Value};

use crate::dates::Date;

/// The user's message parts as a skill reads them, plus the simulated current date.
#[derive(Debug)]
pub(crate) struct Input<'a> {
    pub(crate) parts: &'a [Value],
    pub(crate) today: Date,
}

impl Input<'_> {
    /// The text of the first text part.
    pub(super) fn text(&self) -> Option<&str> {
        self.parts
            .iter()
            .find(|p| p.get("kind").and_then(Value::as_str) == Some("text"))
            .and_then(|p| p.get("text"))
            .and_then(Value::as_str)
    }

    /// The trimmed text of the first text part, if not blank.
    pub(super) fn trimmed_text(&self) -> Option<&str> {
        self.text().map(str::trim).filter(|t| !t.is_empty())
    }

    /// The `data` object of the first data part.
    pub(super) fn data(&self) -> Option<&Map<String, Value>> {
        self.parts
            .iter()
            .find(|p| p.get("kind").and_then(Value::as_str) == Some("data"))
            .and_then(|p| p.get("data"))
            .and_then(Value::as_object)
    }
}
