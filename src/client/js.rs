//! The `js` feature on wasm32: every result of a [`Client`](super::Client)
//! or [`A2AClient`](super::A2AClient) method (a stream's [`A2AStreamEvent`]s too),
//! and its [`Error`], as the JS value the npm package's method
//! resolves (or rejects) with, so a Rust app can hand them to JavaScript (a
//! worker's `postMessage`, a JS UI) in the shape JS code written for the
//! npm package reads.

use super::error::Error;
use super::{
    A2AStreamEvent, AgentCard, ListTasksResult, MagisteriumDocument, QaAnswer, SearchResult, SendResult, Task,
};
use js_sys::{Object, Reflect};
use serde::Serialize;
use wasm_bindgen::JsValue;

/// A value as the npm package's methods give it to JavaScript.
///
/// ```no_run
/// # async fn run(client: magisterium_a2a::Client) -> Result<(), wasm_bindgen::JsValue> {
/// use magisterium_a2a::ToJs;
/// let answer = client.ask("What is grace?").await?; // an Error becomes a JsValue by `?`
/// let for_js = answer.to_js(); // { text, citations, relatedQuestions, taskId, contextId }
/// # Ok(())
/// # }
/// ```
pub trait ToJs {
    /// The JS value: plain objects, arrays, strings, numbers and `null` for
    /// a result (the npm package's JSON shape); for an [`Error`], a JS
    /// `Error` named `MagisteriumError` with the npm error's own properties
    /// (`code`, `rpcCode`, `httpStatus`, `retryAfter`, `taskId`, `data`, `requestId`, each
    /// present, `undefined` when absent) and the source's message as its
    /// `cause`. It is not an instance of the npm package's class: branch on `code`.
    fn to_js(&self) -> JsValue;
}

/// Results go through serde-wasm-bindgen's JSON-compatible serializer:
/// maps become plain objects, `None` becomes `null`, whole numbers numbers.
macro_rules! serialized {
    ($($result:ty),+) => {
        $(impl ToJs for $result {
            fn to_js(&self) -> JsValue {
                to_js_value(self)
            }
        })+
    };
}

serialized!(
    QaAnswer,
    Vec<SearchResult>,
    Option<MagisteriumDocument>,
    Option<String>,
    Task,
    SendResult,
    A2AStreamEvent,
    ListTasksResult,
    AgentCard
);

impl ToJs for Error {
    fn to_js(&self) -> JsValue {
        let e = &self.0;
        let options = Object::new();
        if let Some(source) = &e.source {
            set(&options, "cause", js_sys::Error::new(&source.to_string()).into());
        }
        let error = js_sys::Error::new_with_options(&e.message, &options);
        error.set_name("MagisteriumError");
        let or_undefined = |value: Option<JsValue>| value.unwrap_or(JsValue::UNDEFINED);
        set(&error, "code", e.code.as_str().into());
        set(&error, "rpcCode", or_undefined(e.rpc_code.map(JsValue::from)));
        set(&error, "httpStatus", or_undefined(e.http_status.map(JsValue::from)));
        set(&error, "retryAfter", or_undefined(e.retry_after.map(JsValue::from)));
        set(&error, "taskId", or_undefined(e.task_id.as_deref().map(JsValue::from)));
        set(&error, "data", or_undefined(e.data.as_ref().map(to_js_value)));
        set(&error, "requestId", or_undefined(e.request_id.as_deref().map(JsValue::from)));
        error.into()
    }
}

impl From<Error> for JsValue {
    /// [`ToJs::to_js`]: a function returning `Result<_, JsValue>` (a
    /// `future_to_promise` body) can use `?` on a client call.
    fn from(error: Error) -> JsValue {
        error.to_js()
    }
}

/// `value` as a JS value of its JSON shape. A number the server sent past
/// 2^53 (kept in `raw`, `other`, `data`) has no exact JS number and the
/// serializer refuses it: the value is then what `JSON.parse` makes of its
/// JSON text, the nearest double, as the npm package has it from its own `JSON.parse`.
fn to_js_value<T: Serialize + ?Sized>(value: &T) -> JsValue {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or_else(|_| {
        // serde_json writes any of these values (string keys only), and JSON.parse reads what it writes.
        let text = serde_json::to_string(value).unwrap_or_default();
        js_sys::JSON::parse(&text).unwrap_or(JsValue::NULL)
    })
}

/// `target[key] = value` (on an object this code made: it cannot throw).
fn set(target: &JsValue, key: &str, value: JsValue) {
    let _ = Reflect::set(target, &JsValue::from_str(key), &value);
}
