//! What a skill produced, and the note that marks its text as sample data.

use crate::model::{Artifact, Part};

/// What a skill produced.
#[derive(Debug)]
pub(crate) enum SkillOutcome {
    /// The task completes with this artifact; `reply` is the agent's message text in `history`.
    Completed { artifact: Artifact, reply: String },
    /// The skill "raised": the task fails with this reason in `status.message`.
    Failed(String),
}

impl SkillOutcome {
    /// A completed outcome whose agent reply repeats the artifact's single text.
    pub(super) fn text_only(name: &'static str, text: String) -> SkillOutcome {
        SkillOutcome::Completed { artifact: Artifact::new(name, vec![Part::text(text.clone())]), reply: text }
    }
}

/// The footer that marks every generated text as sample data.
pub(super) const SAMPLE_NOTE: &str = "[Sample data from the Magisterium A2A simulator, not an official source.]";
