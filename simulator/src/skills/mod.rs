//! The five simulated skills, their shared input view and outcome type.

mod fetch;
mod lectionary;
mod martyrology;
mod qa;
mod readings;
mod saints;
mod search;

use serde_json::{Map, Value};

use crate::dates::Date;
use crate::model::Artifact;
use crate::rate::Pool;

/// A skill the simulator implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Skill {
    CatholicQa,
    DocumentSearch,
    DocumentFetch,
    LiturgicalReadings,
    SaintsOfTheDay,
}

/// What a skill produced.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// The task completes with this artifact; `reply` is the agent's message text in `history`.
    Completed { artifact: Artifact, reply: String },
    /// The skill "raised": the task fails with this reason in `status.message`.
    Failed(String),
}

impl Outcome {
    /// A completed outcome whose agent reply repeats the artifact's single text.
    fn text_only(name: &'static str, text: String) -> Outcome {
        Outcome::Completed { artifact: Artifact::new(name, vec![crate::model::Part::text(text.clone())]), reply: text }
    }
}

/// The user's message parts as a skill reads them, plus the simulated current date.
#[derive(Debug)]
pub(crate) struct Input<'a> {
    pub(crate) parts: &'a [Value],
    pub(crate) today: Date,
}

impl Input<'_> {
    /// The text of the first text part.
    fn text(&self) -> Option<&str> {
        self.parts
            .iter()
            .find(|p| p.get("kind").and_then(Value::as_str) == Some("text"))
            .and_then(|p| p.get("text"))
            .and_then(Value::as_str)
    }

    /// The trimmed text of the first text part, if not blank.
    fn trimmed_text(&self) -> Option<&str> {
        self.text().map(str::trim).filter(|t| !t.is_empty())
    }

    /// The `data` object of the first data part.
    fn data(&self) -> Option<&Map<String, Value>> {
        self.parts
            .iter()
            .find(|p| p.get("kind").and_then(Value::as_str) == Some("data"))
            .and_then(|p| p.get("data"))
            .and_then(Value::as_object)
    }
}

impl Skill {
    /// Every implemented skill, in agent-card order.
    pub(crate) const ALL: [Skill; 5] = [
        Skill::CatholicQa,
        Skill::DocumentSearch,
        Skill::DocumentFetch,
        Skill::LiturgicalReadings,
        Skill::SaintsOfTheDay,
    ];

    /// The skill's `skillId`.
    pub(crate) fn id(self) -> &'static str {
        match self {
            Skill::CatholicQa => "catholic_qa",
            Skill::DocumentSearch => "document_search",
            Skill::DocumentFetch => "document_fetch",
            Skill::LiturgicalReadings => "liturgical_readings",
            Skill::SaintsOfTheDay => "saints_of_the_day",
        }
    }

    /// The skill with this `skillId`.
    pub(crate) fn from_id(id: &str) -> Option<Skill> {
        Skill::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The rate-limit pool the skill draws from.
    pub(crate) fn pool(self) -> Pool {
        match self {
            Skill::CatholicQa => Pool::Expensive,
            _ => Pool::Default,
        }
    }

    /// Runs the skill.
    pub(crate) fn run(self, input: &Input<'_>) -> Outcome {
        match self {
            Skill::CatholicQa => qa::run(input),
            Skill::DocumentSearch => search::run(input),
            Skill::DocumentFetch => fetch::run(input),
            Skill::LiturgicalReadings => readings::run(input),
            Skill::SaintsOfTheDay => saints::run(input),
        }
    }
}

/// The footer that marks every generated text as sample data.
const SAMPLE_NOTE: &str = "[Sample data from the Magisterium A2A simulator, not an official source.]";
