//! The typed results of the skill methods, made from the core's decoded
//! outcomes (never decoded a second time). Serialized with serde they have
//! exactly the JSON shape the npm package's methods resolve with
//! (`relatedQuestions`, `taskId`, `documentTitle`, `ref`, …).

use crate::sans_io::skills;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};

/// A `catholic_qa` answer ([`Client::ask`](super::Client::ask)).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct QaAnswer {
    /// The full answer text.
    pub text: String,
    /// The sources, in order.
    pub citations: Vec<Citation>,
    /// Suggested follow-up questions.
    pub related_questions: Vec<String>,
    /// The task that produced the answer.
    pub task_id: String,
    /// The conversation, for a follow-up ([`AskOptions::context_id`](super::AskOptions::context_id)).
    pub context_id: String,
}

/// One source of an answer. A field is present only when the server sent it
/// with its type; a field of another type, and every field this client does
/// not know, is kept in `raw` under its wire name.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Citation {
    /// `cited_text`: the passage cited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cited_text: Option<String>,
    /// `cited_text_heading`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cited_text_heading: Option<String>,
    /// `document_title`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_title: Option<String>,
    /// `document_index`: the `[n]` marker in the answer text (a whole number
    /// from 0; another number is kept in `raw`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_index: Option<u32>,
    /// `document_author`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_author: Option<String>,
    /// `document_reference`, e.g. a paragraph number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_reference: Option<String>,
    /// `document_year`, a number or a text as sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_year: Option<DocumentYear>,
    /// `source_url`, as sent: check its scheme before making it a link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_url: Option<String>,
    /// Every other member, under its wire name.
    #[serde(default)]
    pub raw: Map<String, Value>,
}

/// A citation's `document_year`, as the server sent it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DocumentYear {
    /// A number, e.g. `1992`.
    Number(#[serde(serialize_with = "number")] f64),
    /// A text, e.g. `"c. 1270"`.
    Text(String),
}

/// One `document_search` hit ([`Client::search_documents`](super::Client::search_documents)).
/// A missing `url` or `title` is an empty string.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct SearchResult {
    /// The id for [`Client::fetch_document`](super::Client::fetch_document) (a numeric id as its decimal text).
    pub id: String,
    /// The document's URL.
    pub url: String,
    /// The document's title.
    pub title: String,
}

/// A fetched document ([`Client::fetch_document`](super::Client::fetch_document)).
/// Missing metadata is an empty string.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MagisteriumDocument {
    /// The document id (the requested one when the server leaves it out).
    pub id: String,
    /// The title.
    pub title: String,
    /// The author.
    pub author: String,
    /// The reference, e.g. a paragraph number (`ref` on the wire).
    #[serde(rename = "ref")]
    pub reference: String,
    /// The full text.
    pub text: String,
}

impl From<skills::QaAnswer<Value>> for QaAnswer {
    fn from(a: skills::QaAnswer<Value>) -> QaAnswer {
        QaAnswer {
            text: text(a.text),
            citations: a.citations.into_iter().map(Citation::from).collect(),
            related_questions: a.related_questions.into_iter().map(text).collect(),
            task_id: text(a.task_id),
            context_id: text(a.context_id),
        }
    }
}

impl From<skills::Citation<Value>> for Citation {
    fn from(c: skills::Citation<Value>) -> Citation {
        let year = |value: Value| match value {
            Value::Number(n) => n.as_f64().map(DocumentYear::Number),
            Value::String(s) => Some(DocumentYear::Text(s)),
            _ => None,
        };
        Citation {
            cited_text: c.cited_text.map(text),
            cited_text_heading: c.cited_text_heading.map(text),
            document_title: c.document_title.map(text),
            document_index: c.document_index,
            document_author: c.document_author.map(text),
            document_reference: c.document_reference.map(text),
            document_year: c.document_year.and_then(year),
            source_url: c.source_url.map(text),
            raw: match c.raw {
                Value::Object(members) => members,
                _ => Map::new(),
            },
        }
    }
}

impl From<skills::SearchResult<Value>> for SearchResult {
    fn from(hit: skills::SearchResult<Value>) -> SearchResult {
        SearchResult { id: text(hit.id), url: text(hit.url), title: text(hit.title) }
    }
}

impl From<skills::MagisteriumDocument<Value>> for MagisteriumDocument {
    fn from(d: skills::MagisteriumDocument<Value>) -> MagisteriumDocument {
        MagisteriumDocument {
            id: text(d.id),
            title: text(d.title),
            author: text(d.author),
            reference: text(d.reference),
            text: text(d.text),
        }
    }
}

/// A string view of the decoder as the string it is (the decoder only hands out string values there).
pub(crate) fn text(value: Value) -> String {
    match value {
        Value::String(text) => text,
        _ => String::new(),
    }
}

/// A number as JSON writes it: a whole number without a fraction (`1`, not `1.0`).
fn number<S: Serializer>(n: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if n.is_finite() && n.fract() == 0.0 && n.abs() < 9.0e15 {
        serializer.serialize_i64(*n as i64)
    } else {
        serializer.serialize_f64(*n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn citations_serialize_only_what_was_sent() {
        let c = Citation {
            document_title: Some("Summa".into()),
            document_index: Some(1),
            document_year: Some(DocumentYear::Number(1270.0)),
            raw: json!({"page": 17}).as_object().cloned().unwrap_or_default(),
            ..Default::default()
        };
        let shape = json!({"documentTitle": "Summa", "documentIndex": 1, "documentYear": 1270, "raw": {"page": 17}});
        assert_eq!(serde_json::to_value(&c).unwrap(), shape);
        let text = r#"{"documentTitle":"Summa","documentIndex":1,"documentYear":1270,"raw":{"page":17}}"#;
        assert_eq!(serde_json::to_string(&c).unwrap(), text, "the npm order; whole numbers as JSON writes them");
        assert_eq!(serde_json::from_value::<Citation>(shape).unwrap(), c);
    }

    #[test]
    fn documents_name_the_reference_ref() {
        let d = MagisteriumDocument {
            id: "1".into(),
            title: "T".into(),
            author: "A".into(),
            reference: "SC 1".into(),
            text: "x".into(),
        };
        let shape = json!({"id": "1", "title": "T", "author": "A", "ref": "SC 1", "text": "x"});
        assert_eq!(serde_json::to_value(&d).unwrap(), shape);
        assert_eq!(serde_json::from_value::<MagisteriumDocument>(shape).unwrap(), d);
    }
}
