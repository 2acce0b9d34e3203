//! The five simulated skills: which there are, their ids and rate-limit pools, and running one.

mod fetch;
mod input;
mod lectionary;
mod martyrology;
mod outcome;
mod qa;
mod readings;
mod saints;
mod search;

use crate::rate::Pool;

pub(crate) use input::Input;
pub(crate) use outcome::SkillOutcome;

/// A skill the simulator implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Skill {
    CatholicQa,
    DocumentSearch,
    DocumentFetch,
    LiturgicalReadings,
    SaintsOfTheDay,
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
    pub(crate) fn run(self, input: &Input<'_>) -> SkillOutcome {
        match self {
            Skill::CatholicQa => qa::run(input),
            Skill::DocumentSearch => search::run(input),
            Skill::DocumentFetch => fetch::run(input),
            Skill::LiturgicalReadings => readings::run(input),
            Skill::SaintsOfTheDay => saints::run(input),
        }
    }
}
