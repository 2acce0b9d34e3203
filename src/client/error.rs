//! [`Error`]: every failure of a [`Client`](super::Client) call, with the
//! stable [`ErrorCode`] of the core, and the platform failures (a transport
//! error, what a token provider returned) kept as its source.

use crate::sans_io::error::{self as core_error, ErrorCode, redact};
use serde_json::Value;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// A platform failure behind an [`Error`] (a transport error, a token provider's error).
pub type Cause = Arc<dyn std::error::Error + Send + Sync>;

/// A failed call. Its message never carries the call's token, even one a
/// server echoed back.
///
/// `Debug` reads as `Display` followed by the fields that are set, typed as
/// the accessors give them: `Task not found: no task "x" (TASK_NOT_FOUND) {
/// rpc_code: -32001, http_status: 200, task_id: "x" }`.
#[derive(Clone)]
pub struct Error(pub(super) Box<Fields>);

/// What an [`Error`] holds: the core's fields as it made them (numbers
/// unchecked, as the npm package's error carries them), typed by the accessors.
#[derive(Clone, Debug)]
pub(super) struct Fields {
    pub(super) code: ErrorCode,
    pub(super) message: String,
    pub(super) rpc_code: Option<f64>,
    pub(super) http_status: Option<u16>,
    /// Seconds.
    pub(super) retry_after: Option<f64>,
    pub(super) task_id: Option<String>,
    pub(super) data: Option<Value>,
    pub(super) request_id: Option<String>,
    pub(super) source: Option<Cause>,
}

impl Error {
    /// The stable code to branch on.
    pub fn code(&self) -> ErrorCode {
        self.0.code
    }

    /// A human-readable message (the server's own for JSON-RPC errors).
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The JSON-RPC `error.code`, when the server sent one (a whole number, as
    /// JSON-RPC requires; another number is INTERNAL_ERROR without it).
    pub fn rpc_code(&self) -> Option<i64> {
        let whole = |n: f64| (n.is_finite() && n.fract() == 0.0 && n.abs() < 9.0e15).then_some(n as i64);
        self.0.rpc_code.and_then(whole)
    }

    /// The HTTP status of the response, when there was one.
    pub fn http_status(&self) -> Option<u16> {
        self.0.http_status
    }

    /// How long to wait before trying again (RATE_LIMITED: the server's
    /// `retryAfter`, or the client-side limiter's next slot).
    pub fn retry_after(&self) -> Option<Duration> {
        let seconds = |s: f64| (s.is_finite() && s >= 0.0).then(|| Duration::from_secs_f64(s.min(1.0e9)));
        self.0.retry_after.and_then(seconds)
    }

    /// The task that failed (TASK_FAILED, or a task in an unexpected state).
    pub fn task_id(&self) -> Option<&str> {
        self.0.task_id.as_deref()
    }

    /// The JSON-RPC `error.data`, as sent (with the call's token removed).
    pub fn data(&self) -> Option<&Value> {
        self.0.data.as_ref()
    }

    /// The server's id of the request (its `x-request-id` or `request-id`
    /// header), when the reply the error was read from had one: what the
    /// service's support asks for. Visible ASCII, at most 128 bytes.
    pub fn request_id(&self) -> Option<&str> {
        self.0.request_id.as_deref()
    }

    /// The core's error as the client's: `secret` (the call's token) is
    /// removed from the message and the data, `source` is the platform failure.
    pub(crate) fn from_core(error: core_error::CallError<Value>, secret: Option<&str>, source: Option<Cause>) -> Error {
        let e = error.into_fields();
        Error(Box::new(Fields {
            code: e.code,
            message: redact(&e.message, secret),
            rpc_code: e.rpc_code,
            http_status: e.http_status,
            retry_after: e.retry_after,
            task_id: e.task_id,
            data: e.data.and_then(|data| without_secret(data, secret)),
            request_id: e.request_id,
            source,
        }))
    }

    /// An error of the core without a platform cause or a token.
    pub(crate) fn plain(error: core_error::CallError<Value>) -> Error {
        Error::from_core(error, None, None)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0.message, self.0.code.as_str())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let display = self.to_string();
        let mut fields = f.debug_struct(&display);
        if let Some(rpc_code) = self.rpc_code() {
            fields.field("rpc_code", &rpc_code);
        }
        if let Some(status) = self.http_status() {
            fields.field("http_status", &status);
        }
        if let Some(wait) = self.retry_after() {
            fields.field("retry_after", &wait);
        }
        if let Some(task_id) = self.task_id() {
            fields.field("task_id", &task_id);
        }
        if let Some(data) = self.data() {
            fields.field("data", &format_args!("{data}"));
        }
        if let Some(request_id) = self.request_id() {
            fields.field("request_id", &request_id);
        }
        if let Some(source) = &self.0.source {
            fields.field("source", &format_args!("{source}"));
        }
        fields.finish()
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source.as_deref().map(|cause| cause as &(dyn std::error::Error + 'static))
    }
}

/// `data` with the secret replaced, or `None` when it cannot be cleaned.
fn without_secret(data: Value, secret: Option<&str>) -> Option<Value> {
    let Some(secret) = secret else {
        return Some(data);
    };
    let text = serde_json::to_string(&data).ok()?;
    let cleaned = redact(&text, Some(secret));
    if cleaned == text { Some(data) } else { serde_json::from_str(&cleaned).ok() }
}

/// The platform failures of one call. The core's errors carry their cause
/// as a JSON value; here that value is the failure's index in this list, so
/// the client's [`Error`] gets the failure itself as its source.
#[derive(Default)]
pub(crate) struct Causes(Mutex<Vec<Cause>>);

impl Causes {
    /// Keeps `cause`; the value that stands for it in a core error.
    pub(crate) fn keep(&self, cause: Cause) -> Value {
        let mut causes = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        causes.push(cause);
        Value::from(causes.len() - 1)
    }

    /// The failure a core error's cause stands for.
    pub(crate) fn of(&self, cause: Option<&Value>) -> Option<Cause> {
        let index = usize::try_from(cause?.as_u64()?).ok()?;
        self.0.lock().unwrap_or_else(PoisonError::into_inner).get(index).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_token_never_shows_in_an_error() {
        let mut core = core_error::CallError::new(ErrorCode::InternalError, "upstream rejected token-12345678");
        core.data = Some(json!({"echo": "Bearer token-12345678", "n": 1}));
        core.rpc_code = Some(-32603.0);
        core.retry_after = Some(1.5);
        let e = Error::from_core(core, Some("token-12345678"), None);
        assert_eq!(e.message(), "upstream rejected [redacted]");
        assert_eq!(e.data(), Some(&json!({"echo": "Bearer [redacted]", "n": 1})));
        assert_eq!(e.to_string(), "upstream rejected [redacted] (INTERNAL_ERROR)");
        assert!(!format!("{e:?}").contains("token-12345678"));
        assert_eq!((e.rpc_code(), e.retry_after()), (Some(-32603), Some(Duration::from_millis(1500))));
    }

    #[test]
    fn debug_reads_as_display_with_the_fields_typed() {
        let mut core = core_error::CallError::new(ErrorCode::TaskNotFound, "Task not found");
        core.rpc_code = Some(-32001.0);
        core.http_status = Some(200);
        core.task_id = Some("nope".to_owned());
        core.data = Some(json!([{"reason": "TASK_NOT_FOUND"}]));
        core.request_id = Some("req-7".to_owned());
        let e = Error::plain(core);
        assert_eq!(
            format!("{e:?}"),
            r#"Task not found (TASK_NOT_FOUND) { rpc_code: -32001, http_status: 200, task_id: "nope", data: [{"reason":"TASK_NOT_FOUND"}], request_id: "req-7" }"#
        );
        assert_eq!(e.request_id(), Some("req-7"));
        let bare = Error::plain(core_error::CallError::new(ErrorCode::InvalidInput, "id must not be empty"));
        assert_eq!(format!("{bare:?}"), "id must not be empty (INVALID_INPUT)");
    }

    #[test]
    fn odd_numbers_are_left_out() {
        let mut core = core_error::CallError::new(ErrorCode::InternalError, "x");
        core.rpc_code = Some(-32002.5);
        core.retry_after = Some(f64::NAN);
        let e = Error::plain(core);
        assert_eq!((e.rpc_code(), e.retry_after()), (None, None));
    }

    #[test]
    fn causes_are_found_by_the_value_standing_for_them() {
        let causes = Causes::default();
        let io: Cause = Arc::new(std::io::Error::other("refused"));
        let marker = causes.keep(io);
        let e = Error::from_core(
            core_error::CallError::new(ErrorCode::Network, "the request failed").with_cause(Some(marker.clone())),
            None,
            causes.of(Some(&marker)),
        );
        let source = std::error::Error::source(&e).expect("a source");
        assert_eq!(source.to_string(), "refused");
        assert!(causes.of(Some(&json!(7))).is_none());
        assert!(causes.of(Some(&json!("x"))).is_none());
    }
}
