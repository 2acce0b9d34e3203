//! The five typed skills: what each sends and how its artifact decodes.
//!
//! Results keep server strings as views (`V`), so in the browser a decoded
//! answer shares the strings `JSON.parse` made instead of copying them
//! through wasm memory.

use super::error::CallError;
use super::json::{JsonView, Kind};
use super::jsonw;
use super::task::{Part, TaskHead, join_texts};
use super::text::{cat, int, is_whole};
use alloc::string::String;
use alloc::vec::Vec;

/// A skill the client has a typed method for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skill {
    /// `catholic_qa`: a question answered with citations.
    CatholicQa,
    /// `document_search`: ranked document references.
    DocumentSearch,
    /// `document_fetch`: one document's text and metadata.
    DocumentFetch,
    /// `liturgical_readings`: the Mass readings for a date.
    LiturgicalReadings,
    /// `saints_of_the_day`: the Roman Martyrology entry for a date.
    SaintsOfTheDay,
}

impl Skill {
    /// The `metadata.skillId`.
    pub fn id(self) -> &'static str {
        match self {
            Skill::CatholicQa => "catholic_qa",
            Skill::DocumentSearch => "document_search",
            Skill::DocumentFetch => "document_fetch",
            Skill::LiturgicalReadings => "liturgical_readings",
            Skill::SaintsOfTheDay => "saints_of_the_day",
        }
    }

    /// The artifact `name` the skill answers with.
    pub fn artifact_name(self) -> &'static str {
        match self {
            Skill::CatholicQa => "catholic_qa_response",
            Skill::DocumentSearch => "search_results",
            Skill::DocumentFetch => "document",
            Skill::LiturgicalReadings => "mass_readings",
            Skill::SaintsOfTheDay => "martyrology",
        }
    }

    /// The text the skill answers with when it has nothing (decoded as `null`).
    pub fn empty_text(self) -> Option<&'static str> {
        match self {
            Skill::DocumentFetch => Some("Document not found."),
            Skill::LiturgicalReadings => Some("No mass readings found."),
            Skill::SaintsOfTheDay => Some("No martyrology data found."),
            Skill::CatholicQa | Skill::DocumentSearch => None,
        }
    }
}

/// The one part a typed skill method sends.
#[derive(Clone, Debug, PartialEq)]
pub enum SkillInput {
    /// `{kind:"text", text}`.
    Text(String),
    /// `{kind:"data", data:{<key>: <value>}}`, e.g. `{id}` or `{date}`.
    Data(&'static str, String),
}

impl SkillInput {
    /// The JSON array of parts for `message.parts`.
    pub fn parts_json(&self) -> String {
        let mut out = String::with_capacity(64);
        match self {
            SkillInput::Text(text) => {
                out.push_str(r#"[{"kind":"text","text":"#);
                jsonw::push_string(&mut out, text);
                out.push_str("}]");
            }
            SkillInput::Data(key, value) => {
                out.push_str(r#"[{"kind":"data","data":{"#);
                jsonw::push_string(&mut out, key);
                out.push(':');
                jsonw::push_string(&mut out, value);
                out.push_str("}}]");
            }
        }
        out
    }
}

/// A `catholic_qa` answer.
#[derive(Clone, Debug, PartialEq)]
pub struct QaAnswer<V> {
    /// The full answer text.
    pub text: V,
    /// The sources, in order.
    pub citations: Vec<Citation<V>>,
    /// Suggested follow-up questions (strings only).
    pub related_questions: Vec<V>,
    /// The task that produced the answer.
    pub task_id: V,
    /// The conversation, for a follow-up `ask`.
    pub context_id: V,
}

/// One citation. Known fields are typed and optional; a known field of the
/// wrong type, and every unknown field, is kept in `raw` under its wire name.
#[derive(Clone, Debug, PartialEq)]
pub struct Citation<V> {
    /// `cited_text`.
    pub cited_text: Option<V>,
    /// `cited_text_heading`.
    pub cited_text_heading: Option<V>,
    /// `document_title`.
    pub document_title: Option<V>,
    /// `document_index`: a whole number from 0 (any other number is kept in `raw`).
    pub document_index: Option<u32>,
    /// `document_author`.
    pub document_author: Option<V>,
    /// `document_reference`.
    pub document_reference: Option<V>,
    /// `document_year` (a string or a number, as sent).
    pub document_year: Option<V>,
    /// `source_url` (as sent: renderers must still check the scheme).
    pub source_url: Option<V>,
    /// Every other member, under its wire name (an object).
    pub raw: V,
}

/// Every wire name of a typed citation field, in both spellings.
const CITATION_KEYS: [&str; 16] = [
    "cited_text",
    "citedText",
    "cited_text_heading",
    "citedTextHeading",
    "document_title",
    "documentTitle",
    "document_index",
    "documentIndex",
    "document_author",
    "documentAuthor",
    "document_reference",
    "documentReference",
    "document_year",
    "documentYear",
    "source_url",
    "sourceUrl",
];

impl<V: JsonView> Citation<V> {
    /// A citation with no typed fields and `raw` as given.
    fn untyped(raw: V) -> Self {
        Citation {
            cited_text: None,
            cited_text_heading: None,
            document_title: None,
            document_index: None,
            document_author: None,
            document_reference: None,
            document_year: None,
            source_url: None,
            raw,
        }
    }

    /// Decodes one citation object.
    pub fn decode(object: &V) -> Self {
        Self::decode_known(object).unwrap_or_else(|| Self::decode_members(object))
    }

    /// The common case, read by known keys, the unknown members gathered
    /// into `raw` in one step: `None` unless every member with a known key is
    /// a typed field, once (one spelling), of its type.
    fn decode_known(object: &V) -> Option<Self> {
        let (known_members, raw) = object.others(&CITATION_KEYS);
        let mut c = Self::untyped(raw);
        let mut found = 0;
        let mut field = |snake: &'static str, camel: &'static str, accepts: fn(Kind) -> bool| -> Option<Option<V>> {
            let Some((kind, value)) = object.get_with_kind(snake).or_else(|| object.get_with_kind(camel)) else {
                return Some(None);
            };
            found += 1;
            accepts(kind).then_some(Some(value))
        };
        let text = |kind| kind == Kind::String;
        c.cited_text = field("cited_text", "citedText", text)?;
        c.cited_text_heading = field("cited_text_heading", "citedTextHeading", text)?;
        c.document_title = field("document_title", "documentTitle", text)?;
        let index = field("document_index", "documentIndex", |kind| kind == Kind::Number)?;
        // A number that is not a whole one from 0 goes to `raw`, as `decode_members` keeps it.
        c.document_index = match index {
            Some(index) => Some(whole_index(&index)?),
            None => None,
        };
        c.document_author = field("document_author", "documentAuthor", text)?;
        c.document_reference = field("document_reference", "documentReference", text)?;
        c.document_year = field("document_year", "documentYear", |kind| kind == Kind::String || kind == Kind::Number)?;
        c.source_url = field("source_url", "sourceUrl", text)?;
        // A `null` field, or both spellings of one, leaves a known member unaccounted for.
        (known_members == found).then_some(c)
    }

    /// Any citation, member by member: known fields of their type typed,
    /// everything else in `raw`. Of two spellings of a field, both of its
    /// type, the contract's snake_case one wins whatever the members' order
    /// (which JSON parsers need not keep).
    fn decode_members(object: &V) -> Self {
        let mut c = Self::untyped(V::object(Vec::new()));
        let mut raw = Vec::new();
        for (key, value) in object.members() {
            let kind = value.kind();
            let name = key.as_string().unwrap_or_default();
            // A camelCase member only fills a field its snake_case twin has not.
            let fills = |set: bool| name.contains('_') || !set;
            let slot = match name.as_str() {
                "cited_text" | "citedText" => &mut c.cited_text,
                "cited_text_heading" | "citedTextHeading" => &mut c.cited_text_heading,
                "document_title" | "documentTitle" => &mut c.document_title,
                "document_author" | "documentAuthor" => &mut c.document_author,
                "document_reference" | "documentReference" => &mut c.document_reference,
                "source_url" | "sourceUrl" => &mut c.source_url,
                "document_year" | "documentYear" if kind == Kind::Number || kind == Kind::String => {
                    if fills(c.document_year.is_some()) {
                        c.document_year = Some(value);
                    }
                    continue;
                }
                "document_index" | "documentIndex" if whole_index(&value).is_some() => {
                    if fills(c.document_index.is_some()) {
                        c.document_index = whole_index(&value);
                    }
                    continue;
                }
                _ => {
                    raw.push((key, value));
                    continue;
                }
            };
            if kind != Kind::String {
                raw.push((key, value));
            } else if fills(slot.is_some()) {
                *slot = Some(value);
            }
        }
        c.raw = V::object(raw);
        c
    }
}

/// A citation's `document_index`: a whole number from 0 to 2^32-1, else `None`.
fn whole_index<V: JsonView>(value: &V) -> Option<u32> {
    let n = value.as_f64().filter(|n| is_whole(*n) && *n >= 0.0 && *n <= f64::from(u32::MAX))?;
    Some(n as u32)
}

/// Decodes a `catholic_qa_response` artifact.
pub fn decode_qa<V: JsonView>(task: &TaskHead<V>) -> Result<QaAnswer<V>, CallError<V>> {
    let parts = task.artifact_parts(Skill::CatholicQa.artifact_name())?;
    let Some(text) = join_texts(&parts) else {
        return Err(CallError::bad_response("the answer has no text part").with_task_id(task.id.as_string()));
    };
    let mut answer = QaAnswer {
        text,
        citations: Vec::new(),
        related_questions: Vec::new(),
        task_id: task.id.clone(),
        context_id: task.context_id.clone(),
    };
    for data in data_parts(&parts) {
        if let Some(citations) = data.get_kind("citations", Kind::Array) {
            let objects = citations.elements().filter(|c| c.is_kind(Kind::Object));
            answer.citations.extend(objects.map(|c| Citation::decode(&c)));
        }
        if let Some(questions) = data.get_kind("related_questions", Kind::Array) {
            answer.related_questions.extend(questions.elements().filter(|q| q.is_kind(Kind::String)));
        }
    }
    Ok(answer)
}

/// One `document_search` hit. Missing `url`/`title` decode as empty strings.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<V> {
    /// The id to pass to `fetchDocument` (a numeric id becomes its decimal string).
    pub id: V,
    /// The document's URL.
    pub url: V,
    /// The document's title.
    pub title: V,
}

/// Decodes a `search_results` artifact; hits without an id are skipped.
pub fn decode_search<V: JsonView>(task: &TaskHead<V>) -> Result<Vec<SearchResult<V>>, CallError<V>> {
    let parts = task.artifact_parts(Skill::DocumentSearch.artifact_name())?;
    let results = data_parts(&parts).find_map(|d| d.get_kind("results", Kind::Array));
    let Some(results) = results else {
        return Err(
            CallError::bad_response("the search results have no `results` array").with_task_id(task.id.as_string())
        );
    };
    let hits = results.elements().filter_map(|hit| {
        let id = string_or_integer(hit.get_with_kind("id")?)?;
        Some(SearchResult {
            id,
            url: text_or_empty(hit.get_with_kind("url")),
            title: text_or_empty(hit.get_with_kind("title")),
        })
    });
    Ok(hits.collect())
}

/// A fetched document. Missing metadata decodes as empty strings.
#[derive(Clone, Debug, PartialEq)]
pub struct MagisteriumDocument<V> {
    /// The document id (the requested one when the server omits it).
    pub id: V,
    /// The title.
    pub title: V,
    /// The author.
    pub author: V,
    /// The reference, e.g. a paragraph number.
    pub reference: V,
    /// The full text.
    pub text: V,
}

/// Decodes a `document` artifact; `None` for `Document not found.`.
pub fn decode_document<V: JsonView>(
    task: &TaskHead<V>,
    requested_id: &str,
) -> Result<Option<MagisteriumDocument<V>>, CallError<V>> {
    let Some(text) = decode_text(task, Skill::DocumentFetch)? else {
        return Ok(None);
    };
    let parts = task.artifact_parts(Skill::DocumentFetch.artifact_name())?;
    let meta = data_parts(&parts).next();
    let field = |key: &'static str| meta.as_ref().map_or_else(|| V::from_str(""), |m| string_or_empty(m, key));
    let id = meta.as_ref().and_then(|m| m.get_with_kind("id")).and_then(string_or_integer);
    Ok(Some(MagisteriumDocument {
        id: id.unwrap_or_else(|| V::from_str(requested_id)),
        title: field("title"),
        author: field("author"),
        reference: field("ref"),
        text,
    }))
}

/// Decodes a skill whose answer is one text part; `None` for its empty case.
pub fn decode_text<V: JsonView>(task: &TaskHead<V>, skill: Skill) -> Result<Option<V>, CallError<V>> {
    let parts = task.artifact_parts(skill.artifact_name())?;
    let Some(text) = join_texts(&parts) else {
        let message = cat(&["the `", skill.artifact_name(), "` artifact has no text part"]);
        return Err(CallError::bad_response(message).with_task_id(task.id.as_string()));
    };
    let empty = skill.empty_text().is_some_and(|empty| is_text(&text, empty));
    Ok((!empty).then_some(text))
}

/// True when the string view `text` is `expected` (ignoring surrounding space),
/// copying it only when it is short enough to be that text.
fn is_text<V: JsonView>(text: &V, expected: &str) -> bool {
    text.string_len().is_none_or(|len| len <= expected.len() + 16)
        && text.as_string().is_some_and(|t| t.trim() == expected)
}

/// The data parts, in order.
fn data_parts<V: JsonView>(parts: &[Part<V>]) -> impl Iterator<Item = V> + '_ {
    parts.iter().filter_map(|p| match p {
        Part::Data(d) => Some(d.clone()),
        _ => None,
    })
}

/// The member `key` when it is a string, else an empty string.
fn string_or_empty<V: JsonView>(object: &V, key: &'static str) -> V {
    object.get_str(key).unwrap_or_else(|| V::from_str(""))
}

/// A member that is a string, else an empty string.
fn text_or_empty<V: JsonView>(member: Option<(Kind, V)>) -> V {
    match member {
        Some((Kind::String, value)) => value,
        _ => V::from_str(""),
    }
}

/// A non-empty string id, or an integer id as its decimal string (from a member and its kind).
fn string_or_integer<V: JsonView>((kind, value): (Kind, V)) -> Option<V> {
    match kind {
        Kind::String => value.string_len().filter(|len| *len > 0).map(|_| value),
        Kind::Number => {
            let n = value.as_f64()?;
            let integral = is_whole(n) && n.abs() < 9.0e15;
            integral.then(|| V::from_str(&int(n as i64)))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests;
