//! Results and errors as elements, every server string as text.

use crate::dom;
use magisterium_a2a::{Citation, Error, QaAnswer, Task};
use web_sys::Element;

/// An answer: its text (with the `[n]` markers), then its citations
/// numbered like the markers, then the suggested follow-up questions.
pub fn answer(answer: &QaAnswer) -> Element {
    let shown = dom::new("div", "answer");
    dom::append(&shown, &dom::text("p", "answer-text", &answer.text));
    let citations = dom::new("ul", "citations");
    for (position, citation) in answer.citations.iter().enumerate() {
        dom::append(&citations, &self::citation(position, citation));
    }
    dom::append(&shown, &citations);
    if !answer.related_questions.is_empty() {
        let related = dom::new("ul", "related");
        for question in &answer.related_questions {
            dom::append(&related, &dom::text("li", "related-question", question));
        }
        dom::append(&shown, &related);
    }
    dom::append(&shown, &dom::text("p", "answer-task", &format!("Task {}", answer.task_id)));
    shown
}

/// One citation: `[n]`, its title (a link when its URL is http(s)), then
/// author and reference.
fn citation(position: usize, citation: &Citation) -> Element {
    let item = dom::new("li", "citation");
    let number = citation.document_index.map_or(position as u64 + 1, u64::from);
    let title = citation.document_title.as_deref().unwrap_or("Untitled source");
    let meta: Vec<&str> =
        [&citation.document_author, &citation.document_reference].into_iter().filter_map(|m| m.as_deref()).collect();
    dom::append(&item, &dom::text("span", "citation-number", &format!("[{number}]")));
    dom::append(&item, &dom::link_or_text(citation.source_url.as_deref(), title, "citation-title"));
    if !meta.is_empty() {
        dom::append(&item, &dom::text("span", "citation-meta", &meta.join(" · ")));
    }
    item
}

/// The text of a day (the saints of the day), or a note when there is none.
pub fn day_text(text: Option<&str>) -> Element {
    match text {
        Some(text) => dom::text("p", "day-text", text),
        None => dom::text("p", "empty", "Nothing is listed for that day."),
    }
}

/// A task's id, state and artifact names.
pub fn task(task: &Task) -> Element {
    let shown = dom::new("p", "task");
    let _ = shown.set_attribute("data-state", task.status.state.as_str());
    let artifacts: Vec<&str> =
        task.artifacts.iter().flatten().map(|a| a.name.as_deref().unwrap_or(&a.artifact_id)).collect();
    let artifacts = if artifacts.is_empty() { "no artifacts".to_owned() } else { artifacts.join(", ") };
    shown.set_text_content(Some(&format!("Task {}: {} ({artifacts})", task.id, task.status.state.as_str())));
    shown
}

/// A failure: its stable code, then its message (and when to try again).
pub fn error(error: &Error) -> Element {
    let shown = dom::new("p", "error");
    let code = error.code().as_str();
    let _ = shown.set_attribute("data-code", code);
    dom::append(&shown, &dom::text("code", "error-code", code));
    let mut message = format!(" {}", error.message());
    if let Some(wait) = error.retry_after() {
        message.push_str(&format!(" Try again in {} s.", wait.as_secs().max(1)));
    }
    dom::append(&shown, &dom::text("span", "error-message", &message));
    shown
}
