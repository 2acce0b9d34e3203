//! Decoded outcomes to the plain JS objects of the public types
//! (`QaAnswer`, `Citation`, `SearchResult`, `MagisteriumDocument`), each
//! built by `js/results.js` in one crossing (the search results all in one).

use crate::json_view::Json;
#[cfg(feature = "magisterium")]
use alloc::boxed::Box;
#[cfg(feature = "magisterium")]
use alloc::vec::Vec;
use magisterium_a2a::sans_io::call::Outcome;
#[cfg(feature = "magisterium")]
use magisterium_a2a::sans_io::skills::{Citation, MagisteriumDocument, QaAnswer, SearchResult};
use wasm_bindgen::prelude::*;

// Magisterium's skills' results (`MagisteriumClient`'s): an `A2AClient` resolves with tasks as sent.
#[cfg(feature = "magisterium")]
#[wasm_bindgen(module = "/js/results.js")]
extern "C" {
    #[wasm_bindgen(js_name = qaAnswer)]
    fn qa_answer_object(
        text: &JsValue,
        citations: Box<[JsValue]>,
        related_questions: Box<[JsValue]>,
        task_id: &JsValue,
        context_id: &JsValue,
    ) -> JsValue;
    #[wasm_bindgen(js_name = citation)]
    #[allow(clippy::too_many_arguments)]
    fn citation_object(
        cited_text: &JsValue,
        cited_text_heading: &JsValue,
        document_title: &JsValue,
        document_index: Option<f64>,
        document_author: &JsValue,
        document_reference: &JsValue,
        document_year: &JsValue,
        source_url: &JsValue,
        raw: &JsValue,
    ) -> JsValue;
    /// The `SearchResult`s of `fields`, `id`, `url` and `title` of each in turn, in one crossing.
    #[wasm_bindgen(js_name = searchResults)]
    fn search_results_object(fields: Box<[JsValue]>) -> JsValue;
    #[wasm_bindgen(js_name = magisteriumDocument)]
    fn document_object(id: &JsValue, title: &JsValue, author: &JsValue, reference: &JsValue, text: &JsValue)
    -> JsValue;
}

/// The JS value a call resolves with.
pub fn outcome(outcome: Outcome<Json>) -> JsValue {
    match outcome {
        #[cfg(feature = "magisterium")]
        Outcome::Answer(answer) => qa_answer(answer),
        #[cfg(feature = "magisterium")]
        Outcome::Hits(hits) => search_results(hits),
        #[cfg(feature = "magisterium")]
        Outcome::Document(document) => document.map_or(JsValue::NULL, self::document),
        #[cfg(feature = "magisterium")]
        Outcome::Text(text) => text.map_or(JsValue::NULL, |text| text.0),
        Outcome::Task(task) => task.0,
    }
}

#[cfg(feature = "magisterium")]
/// An optional field: `undefined` when absent.
fn or_undefined(value: Option<Json>) -> JsValue {
    value.map_or(JsValue::UNDEFINED, |value| value.0)
}

#[cfg(feature = "magisterium")]
fn qa_answer(a: QaAnswer<Json>) -> JsValue {
    let citations: Vec<JsValue> = a.citations.into_iter().map(citation).collect();
    let related: Vec<JsValue> = a.related_questions.into_iter().map(|question| question.0).collect();
    qa_answer_object(&a.text.0, citations.into(), related.into(), &a.task_id.0, &a.context_id.0)
}

#[cfg(feature = "magisterium")]
fn citation(c: Citation<Json>) -> JsValue {
    citation_object(
        &or_undefined(c.cited_text),
        &or_undefined(c.cited_text_heading),
        &or_undefined(c.document_title),
        c.document_index.map(f64::from),
        &or_undefined(c.document_author),
        &or_undefined(c.document_reference),
        &or_undefined(c.document_year),
        &or_undefined(c.source_url),
        &c.raw.0,
    )
}

#[cfg(feature = "magisterium")]
fn search_results(hits: Vec<SearchResult<Json>>) -> JsValue {
    let mut fields = Vec::with_capacity(hits.len() * 3);
    for hit in hits {
        fields.extend([hit.id.0, hit.url.0, hit.title.0]);
    }
    search_results_object(fields.into())
}

#[cfg(feature = "magisterium")]
fn document(d: MagisteriumDocument<Json>) -> JsValue {
    document_object(&d.id.0, &d.title.0, &d.author.0, &d.reference.0, &d.text.0)
}
