//! Decoded outcomes to the plain JS objects of the public types
//! (`QaAnswer`, `Citation`, `SearchResult`, `MagisteriumDocument`).

use crate::core::call::Outcome;
use crate::core::skills::{Citation, Document, QaAnswer, SearchResult};
use super::js;
use super::json::cached_key;
use js_sys::{Array, Object};
use wasm_bindgen::JsValue;

/// The JS value a call resolves with.
pub fn outcome(outcome: Outcome<JsValue>) -> JsValue {
    match outcome {
        Outcome::Answer(answer) => qa_answer(answer),
        Outcome::Hits(hits) => hits.into_iter().map(search_result).collect::<Array>().into(),
        Outcome::Document(document) => document.map_or(JsValue::NULL, self::document),
        Outcome::Text(text) => text.unwrap_or(JsValue::NULL),
        Outcome::Task(task) => task,
    }
}

/// A plain object under construction.
struct Builder(Object);

impl Builder {
    fn new() -> Self {
        Builder(Object::new())
    }
    fn set(self, key: &'static str, value: impl Into<JsValue>) -> Self {
        js::set_member(&self.0, &cached_key(key), &value.into());
        self
    }
    /// A member whose name came from the server (a `raw` citation field).
    fn set_named(self, key: &str, value: JsValue) -> Self {
        js::set_member(&self.0, &JsValue::from_str(key), &value);
        self
    }
    fn set_some(self, key: &'static str, value: Option<impl Into<JsValue>>) -> Self {
        match value {
            Some(value) => self.set(key, value),
            None => self,
        }
    }
    fn build(self) -> JsValue {
        self.0.into()
    }
}

fn qa_answer(a: QaAnswer<JsValue>) -> JsValue {
    Builder::new()
        .set("text", a.text)
        .set("citations", a.citations.into_iter().map(citation).collect::<Array>())
        .set("relatedQuestions", a.related_questions.into_iter().collect::<Array>())
        .set("taskId", JsValue::from_str(&a.task_id))
        .set("contextId", a.context_id)
        .build()
}

fn citation(c: Citation<JsValue>) -> JsValue {
    // `__proto__` would set the prototype instead of a member: never a real field.
    let members = c.raw.into_iter().filter(|(key, _)| key != "__proto__");
    let raw = members.fold(Builder::new(), |raw, (key, value)| raw.set_named(&key, value));
    Builder::new()
        .set_some("citedText", c.cited_text)
        .set_some("citedTextHeading", c.cited_text_heading)
        .set_some("documentTitle", c.document_title)
        .set_some("documentIndex", c.document_index)
        .set_some("documentAuthor", c.document_author)
        .set_some("documentReference", c.document_reference)
        .set_some("documentYear", c.document_year)
        .set_some("sourceUrl", c.source_url)
        .set("raw", raw.build())
        .build()
}

fn search_result(hit: SearchResult<JsValue>) -> JsValue {
    Builder::new().set("id", hit.id).set("url", hit.url).set("title", hit.title).build()
}

fn document(d: Document<JsValue>) -> JsValue {
    Builder::new()
        .set("id", d.id)
        .set("title", d.title)
        .set("author", d.author)
        .set("ref", d.reference)
        .set("text", d.text)
        .build()
}
