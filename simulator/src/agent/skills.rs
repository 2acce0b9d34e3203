//! The agent's skills: which one a message asks for, and how it answers (a task's script, or a
//! message).

use serde_json::{Value, json};

use super::task::{Change, TaskState, TimedChange};
use crate::ids::uuid;

/// A skill of the agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Skill {
    /// Completes at once with an artifact holding the message's parts.
    Echo,
    /// Answers with a message, and no task.
    Reply,
    /// Works, sends an artifact in chunks, then completes.
    Stream,
}

/// The chunks a `stream` task sends by default, and at most.
const CHUNKS: (u64, u64) = (3, 20);
/// The milliseconds between a `stream` task's events by default, and at most.
const DELAY_MS: (u64, u64) = (100, 2_000);

impl Skill {
    /// Every skill, in the card's order.
    pub(super) const ALL: [Skill; 3] = [Skill::Echo, Skill::Stream, Skill::Reply];

    /// The skill's id (`metadata.skillId`).
    pub(super) fn id(self) -> &'static str {
        match self {
            Skill::Echo => "echo",
            Skill::Reply => "reply",
            Skill::Stream => "stream",
        }
    }

    /// The card's name and description.
    pub(super) fn describe(self) -> (&'static str, &'static str) {
        match self {
            Skill::Echo => ("Echo", "Completes at once with an artifact holding the message's parts."),
            Skill::Reply => ("Reply", "Answers with a message (\"You said: …\"), and no task."),
            Skill::Stream => (
                "Stream",
                "Works, sends one artifact in `chunks` text chunks (a data part; default 3, at most 20) \
                 `delayMs` apart (default 100, at most 2000), then completes; cancelable meanwhile.",
            ),
        }
    }

    fn of_id(id: &str) -> Option<Skill> {
        Skill::ALL.into_iter().find(|skill| skill.id() == id)
    }
}

/// The text parts of a message, joined by spaces.
pub(super) fn text_of(parts: &[Value]) -> String {
    parts.iter().filter_map(|part| part["text"].as_str()).collect::<Vec<_>>().join(" ")
}

/// The skill a message asks for: `metadata.skillId` (an unknown one is `Err` with it), else
/// the first word of its text when that names a skill, else `echo`.
pub(super) fn chosen(message: &Value, parts: &[Value]) -> Result<Skill, String> {
    if let Some(named) = message["metadata"]["skillId"].as_str() {
        return Skill::of_id(named).ok_or_else(|| named.to_string());
    }
    let text = text_of(parts);
    Ok(text.split_whitespace().next().and_then(Skill::of_id).unwrap_or(Skill::Echo))
}

/// How a skill answers.
#[derive(Debug)]
pub(super) enum SkillAnswer {
    /// A task playing these steps.
    Task(Vec<TimedChange>),
    /// A message (its `parts`), and no task.
    Message(Vec<Value>),
}

/// The whole number `key` of the first data part that has one, within `min..=max`, else
/// `default`; `Err` names the bounds.
fn number(parts: &[Value], key: &str, (default, max): (u64, u64), min: u64) -> Result<u64, String> {
    let Some(value) = parts.iter().find_map(|part| part["data"].get(key)) else { return Ok(default) };
    value
        .as_u64()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("`{key}` must be a whole number from {min} to {max}"))
}

/// The answer of `skill` to a message with `parts`, starting at `now_ms`; `unknown` is the skill
/// id a message named that the agent lacks. `paced` spaces the changes of a `stream` task in time;
/// without it they all happen at once (a caller that waits for the end). `Err`: a parameter
/// out of its bounds.
pub(super) fn answer(
    chosen: Result<Skill, String>,
    parts: &[Value],
    now_ms: u64,
    paced: bool,
) -> Result<SkillAnswer, String> {
    let at = |at_ms, change| TimedChange { at_ms, change };
    let status = |state, text: Option<String>| Change::Status { state, text };
    let skill = match chosen {
        Ok(skill) => skill,
        Err(unknown) => {
            let ids: Vec<&str> = Skill::ALL.into_iter().map(Skill::id).collect();
            let text = format!("no skill `{unknown}` here; the skills are {}", ids.join(", "));
            return Ok(SkillAnswer::Task(vec![at(now_ms, status(TaskState::Rejected, Some(text)))]));
        }
    };
    match skill {
        Skill::Reply => Ok(SkillAnswer::Message(vec![json!({ "text": format!("You said: {}", text_of(parts)) })])),
        Skill::Echo => {
            let chunk = Change::Chunk {
                artifact_id: uuid(),
                name: "echo",
                parts: parts.to_vec(),
                append: false,
                last_chunk: true,
            };
            Ok(SkillAnswer::Task(vec![at(now_ms, chunk), at(now_ms, status(TaskState::Completed, None))]))
        }
        Skill::Stream => {
            let chunks = number(parts, "chunks", CHUNKS, 1)?;
            let delay = number(parts, "delayMs", DELAY_MS, 0)?;
            let delay = if paced { delay } else { 0 };
            let artifact_id = uuid();
            let mut steps = vec![at(now_ms, status(TaskState::Working, None))];
            for i in 0..chunks {
                let chunk = Change::Chunk {
                    artifact_id: artifact_id.clone(),
                    name: "stream",
                    parts: vec![json!({ "text": format!("chunk {i}") })],
                    append: i > 0,
                    last_chunk: i + 1 == chunks,
                };
                steps.push(at(now_ms.saturating_add((i + 1) * delay), chunk));
            }
            steps.push(at(now_ms.saturating_add(chunks * delay), status(TaskState::Completed, None)));
            Ok(SkillAnswer::Task(steps))
        }
    }
}
