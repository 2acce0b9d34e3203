//! The one error model: every failure of a call ends as a [`CallError`] with a
//! stable [`ErrorCode`] a caller can branch on.

pub use crate::codes::{Dialect, ErrorCode};

use super::text::{cat, is_whole};
use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::String;

// Not public API (hidden, as the module): what the core reads codes with,
// and how the npm crate carries one across its two `.wasm` modules (by index).
impl ErrorCode {
    /// The code's place in declaration order: how an error read in another
    /// `.wasm` of the same build (the npm package's lazily loaded one)
    /// crosses back to the entry's, cheaper than by its name.
    #[doc(hidden)]
    pub fn index(self) -> u8 {
        self as u8
    }

    /// The code at `index` (see [`ErrorCode::index`]); `None` past the last.
    #[doc(hidden)]
    pub fn at(index: u8) -> Option<ErrorCode> {
        use ErrorCode::*;
        const ALL: [ErrorCode; 26] = [
            ParseError,
            InvalidRequest,
            MethodNotFound,
            InvalidParams,
            InternalError,
            TaskNotFound,
            SkillNotFound,
            RateLimited,
            Unauthorized,
            PlanRequired,
            TaskFailed,
            Network,
            Timeout,
            Aborted,
            BadResponse,
            InvalidInput,
            TaskNotCancelable,
            PushNotificationNotSupported,
            UnsupportedOperation,
            ContentTypeNotSupported,
            InvalidAgentResponse,
            AuthenticatedExtendedCardNotConfigured,
            ExtensionSupportRequired,
            VersionNotSupported,
            SignInRequired,
            SignInFailed,
        ];
        ALL.get(usize::from(index)).copied()
    }

    /// The code for a JSON-RPC error code in `dialect`: against Magisterium
    /// -32002 is SKILL_NOT_FOUND, not A2A's TaskNotCancelable. Codes the
    /// dialect does not define are INTERNAL_ERROR (`rpcCode` keeps them).
    #[doc(hidden)]
    pub fn from_rpc(code: f64, dialect: Dialect) -> ErrorCode {
        let code = if is_whole(code) { code as i64 } else { 0 };
        match (code, dialect) {
            (-32700, _) => ErrorCode::ParseError,
            (-32600, _) => ErrorCode::InvalidRequest,
            (-32601, _) => ErrorCode::MethodNotFound,
            (-32602, _) => ErrorCode::InvalidParams,
            (-32001, _) => ErrorCode::TaskNotFound,
            (-32002, Dialect::Magisterium) => ErrorCode::SkillNotFound,
            (-32003, Dialect::Magisterium) => ErrorCode::RateLimited,
            (-32004, Dialect::Magisterium) => ErrorCode::Unauthorized,
            (-32005, Dialect::Magisterium) => ErrorCode::PlanRequired,
            (-32002, Dialect::A2a) => ErrorCode::TaskNotCancelable,
            (-32003, Dialect::A2a) => ErrorCode::PushNotificationNotSupported,
            (-32004, Dialect::A2a) => ErrorCode::UnsupportedOperation,
            (-32005, Dialect::A2a) => ErrorCode::ContentTypeNotSupported,
            (-32006, Dialect::A2a) => ErrorCode::InvalidAgentResponse,
            (-32007, Dialect::A2a) => ErrorCode::AuthenticatedExtendedCardNotConfigured,
            (-32008, Dialect::A2a) => ErrorCode::ExtensionSupportRequired,
            (-32009, Dialect::A2a) => ErrorCode::VersionNotSupported,
            _ => ErrorCode::InternalError,
        }
    }

    /// The code an HTTP status implies when its body says nothing usable
    /// (403 is Magisterium's PLAN_REQUIRED; elsewhere, refused access).
    #[doc(hidden)]
    pub fn from_http_status(status: u16, dialect: Dialect) -> Option<ErrorCode> {
        match (status, dialect) {
            (401, _) | (403, Dialect::A2a) => Some(ErrorCode::Unauthorized),
            (403, Dialect::Magisterium) => Some(ErrorCode::PlanRequired),
            (429, _) => Some(ErrorCode::RateLimited),
            _ => None,
        }
    }
}

/// A failed call: the code plus everything the server said about it.
///
/// `V` is the JSON view type, so the JSON-RPC `error.data` reaches the caller
/// as the server sent it. Boxed: every `Result` in the client carries one,
/// and a pointer moves with far less code than the fields would.
#[derive(Clone, Debug, PartialEq)]
pub struct CallError<V>(Box<ErrorFields<V>>);

/// What a [`CallError`] holds.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorFields<V> {
    /// The stable code.
    pub code: ErrorCode,
    /// A human-readable message (the server's own for JSON-RPC errors).
    pub message: String,
    /// The JSON-RPC `error.code`, when the server sent one.
    pub rpc_code: Option<f64>,
    /// The HTTP status of the response, when there was one.
    pub http_status: Option<u16>,
    /// Seconds to wait before retrying (RATE_LIMITED).
    pub retry_after: Option<f64>,
    /// The task that failed (TASK_FAILED, or a task in an unexpected state).
    pub task_id: Option<String>,
    /// The JSON-RPC `error.data`, as sent.
    pub data: Option<V>,
    /// The server's id of the request (`x-request-id`, `request-id`; see
    /// [`plan::request_id`](super::plan::request_id)), when its reply had one.
    pub request_id: Option<String>,
    /// The underlying failure (a `fetch` TypeError, an abort reason, what a
    /// token provider threw).
    pub cause: Option<V>,
}

impl<V> CallError<V> {
    /// An error with only a code and a message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        CallError(Box::new(ErrorFields {
            code,
            message: message.into(),
            rpc_code: None,
            http_status: None,
            retry_after: None,
            task_id: None,
            data: None,
            request_id: None,
            cause: None,
        }))
    }

    /// The fields, unboxed.
    pub fn into_fields(self) -> ErrorFields<V> {
        *self.0
    }

    /// An INVALID_INPUT error: an argument refused before any request.
    pub fn invalid_input(message: impl Into<String>) -> Self {
        CallError::new(ErrorCode::InvalidInput, message)
    }

    /// A BAD_RESPONSE error: the server's answer is not a valid response.
    pub fn bad_response(message: impl Into<String>) -> Self {
        CallError::new(ErrorCode::BadResponse, message)
    }

    /// The same error with the HTTP status set.
    pub fn with_http_status(mut self, status: u16) -> Self {
        self.http_status = Some(status);
        self
    }

    /// The same error with the cause set.
    pub fn with_cause(mut self, cause: Option<V>) -> Self {
        self.cause = cause;
        self
    }

    /// The same error with the server's request id set, unless it has one already.
    pub fn with_request_id(mut self, request_id: Option<String>) -> Self {
        if self.request_id.is_none() {
            self.request_id = request_id;
        }
        self
    }

    /// The same error with the task id set.
    pub fn with_task_id(mut self, task_id: Option<String>) -> Self {
        self.task_id = task_id;
        self
    }

    /// A TASK_NOT_FOUND of a call that named the task `id` (the caller's
    /// own, checked before the call): `task_id` set, and the id in the message when the server's does
    /// not have it (`Task not found (task "nope")`). Any other error as it is.
    pub fn naming_task(mut self, id: Option<&str>) -> Self {
        let Some(id) = id.filter(|id| !id.is_empty() && self.code == ErrorCode::TaskNotFound && self.task_id.is_none())
        else {
            return self;
        };
        if find(&self.message, id).is_none() {
            self.message = cat(&[&self.message, " (task \"", id, "\")"]);
        }
        self.task_id = Some(id.to_owned());
        self
    }
}

/// Where `part` (not empty) starts in `text`: a byte search (see [`redact`]).
fn find(text: &str, part: &str) -> Option<usize> {
    text.as_bytes().windows(part.len()).position(|w| w == part.as_bytes())
}

impl<V> core::ops::Deref for CallError<V> {
    type Target = ErrorFields<V>;
    fn deref(&self) -> &ErrorFields<V> {
        &self.0
    }
}

impl<V> core::ops::DerefMut for CallError<V> {
    fn deref_mut(&mut self) -> &mut ErrorFields<V> {
        &mut self.0
    }
}

/// Secrets shorter than this are not searched for: no real token is, and
/// replacing every "t" of a message would only garble it.
pub const MIN_REDACTED_LEN: usize = 8;

/// `message` with every occurrence of `secret` replaced by `[redacted]`, so
/// no error text ever carries the caller's token (even one a server echoed).
pub fn redact(message: &str, secret: Option<&str>) -> String {
    let Some(secret) = secret.filter(|s| s.len() >= MIN_REDACTED_LEN) else {
        return message.to_owned();
    };
    // A byte search: `str::replace` links a substring searcher whose panic
    // paths cost the wasm bundle kilobytes of formatting code. A match starts
    // and ends on character boundaries (the secret is whole characters), so
    // the slices around it always exist: no UTF-8 check of the result needed.
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = find(rest, secret) {
        let (Some(before), Some(after)) = (rest.get(..at), rest.get(at + secret.len()..)) else {
            // Cannot happen (see above); if it did, none of the message would be shown.
            return String::from("[redacted]");
        };
        out.push_str(before);
        out.push_str("[redacted]");
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_found_at_its_index() {
        /// Every code, by an exhaustive match: a code added fails to compile here until it is listed.
        fn listed(code: ErrorCode) -> usize {
            use ErrorCode::*;
            match code {
                ParseError
                | InvalidRequest
                | MethodNotFound
                | InvalidParams
                | InternalError
                | TaskNotFound
                | SkillNotFound
                | RateLimited
                | Unauthorized
                | PlanRequired
                | TaskFailed
                | Network
                | Timeout
                | Aborted
                | BadResponse
                | InvalidInput
                | TaskNotCancelable
                | PushNotificationNotSupported
                | UnsupportedOperation
                | ContentTypeNotSupported
                | InvalidAgentResponse
                | AuthenticatedExtendedCardNotConfigured
                | ExtensionSupportRequired
                | VersionNotSupported
                | SignInRequired
                | SignInFailed => 26,
            }
        }
        let count = listed(ErrorCode::ParseError);
        for index in 0..count {
            let code = ErrorCode::at(index as u8).expect("every index up to the count has its code");
            assert_eq!(usize::from(code.index()), index, "{code:?}");
        }
        assert_eq!(ErrorCode::at(count as u8), None);
        assert_eq!(ErrorCode::at(u8::MAX), None);
    }

    #[test]
    fn generic_a2a_meanings_apply_to_other_agents() {
        let cases = [
            (-32001.0, "TASK_NOT_FOUND"),
            (-32002.0, "TASK_NOT_CANCELABLE"),
            (-32003.0, "PUSH_NOTIFICATION_NOT_SUPPORTED"),
            (-32004.0, "UNSUPPORTED_OPERATION"),
            (-32005.0, "CONTENT_TYPE_NOT_SUPPORTED"),
            (-32006.0, "INVALID_AGENT_RESPONSE"),
            (-32007.0, "AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED"),
            (-32008.0, "EXTENSION_SUPPORT_REQUIRED"),
            (-32009.0, "VERSION_NOT_SUPPORTED"),
            (-32602.0, "INVALID_PARAMS"),
            (-32010.0, "INTERNAL_ERROR"),
        ];
        for (code, name) in cases {
            assert_eq!(ErrorCode::from_rpc(code, Dialect::A2a).as_str(), name, "{code}");
        }
        assert_eq!(ErrorCode::from_rpc(-32006.0, Dialect::Magisterium), ErrorCode::InternalError);
        assert_eq!(ErrorCode::from_rpc(-32009.0, Dialect::Magisterium), ErrorCode::InternalError);
        assert_eq!(ErrorCode::from_http_status(403, Dialect::A2a), Some(ErrorCode::Unauthorized));
    }

    #[test]
    fn magisterium_meanings_apply_to_its_codes() {
        let cases = [
            (-32700.0, "PARSE_ERROR"),
            (-32600.0, "INVALID_REQUEST"),
            (-32601.0, "METHOD_NOT_FOUND"),
            (-32602.0, "INVALID_PARAMS"),
            (-32603.0, "INTERNAL_ERROR"),
            (-32001.0, "TASK_NOT_FOUND"),
            (-32002.0, "SKILL_NOT_FOUND"),
            (-32003.0, "RATE_LIMITED"),
            (-32004.0, "UNAUTHORIZED"),
            (-32005.0, "PLAN_REQUIRED"),
            (-32099.0, "INTERNAL_ERROR"),
            (-32002.5, "INTERNAL_ERROR"),
            (1e300, "INTERNAL_ERROR"),
            (f64::NAN, "INTERNAL_ERROR"),
        ];
        for (code, name) in cases {
            assert_eq!(ErrorCode::from_rpc(code, Dialect::Magisterium).as_str(), name, "{code}");
        }
    }

    #[test]
    fn http_statuses_imply_codes() {
        let m = Dialect::Magisterium;
        assert_eq!(ErrorCode::from_http_status(401, m), Some(ErrorCode::Unauthorized));
        assert_eq!(ErrorCode::from_http_status(403, m), Some(ErrorCode::PlanRequired));
        assert_eq!(ErrorCode::from_http_status(429, m), Some(ErrorCode::RateLimited));
        assert_eq!(ErrorCode::from_http_status(502, m), None);
    }

    #[test]
    fn task_not_found_names_the_task_the_call_named() {
        let bare = CallError::<()>::new(ErrorCode::TaskNotFound, "Task not found").naming_task(Some("nope"));
        assert_eq!((bare.message.as_str(), bare.task_id.as_deref()), ("Task not found (task \"nope\")", Some("nope")));
        let said =
            CallError::<()>::new(ErrorCode::TaskNotFound, "Task not found: no task \"nope\" (unknown or expired)");
        let said = said.naming_task(Some("nope"));
        assert_eq!(said.message, "Task not found: no task \"nope\" (unknown or expired)", "said once");
        let other = CallError::<()>::new(ErrorCode::Network, "offline").naming_task(Some("nope"));
        assert_eq!((other.message.as_str(), other.task_id.as_deref()), ("offline", None));
        let unnamed = CallError::<()>::new(ErrorCode::TaskNotFound, "Task not found").naming_task(None);
        assert_eq!(unnamed.message, "Task not found");
    }

    #[test]
    fn redact_removes_every_occurrence() {
        assert_eq!(redact("bad token-123 and token-123", Some("token-123")), "bad [redacted] and [redacted]");
        assert_eq!(redact("é token-123é", Some("token-123")), "é [redacted]é");
        assert_eq!(redact("ééé-secret-ééé-secret-é", Some("é-secret-é")), "éé[redacted]é[redacted]");
        assert_eq!(redact("aaaaaaaaa", Some("aaaaaaaa")), "[redacted]a", "matches do not overlap");
        assert_eq!(redact("upstream failed", Some("t")), "upstream failed", "too short to be a token");
        assert_eq!(redact("nothing", Some("")), "nothing");
        assert_eq!(redact("nothing", None), "nothing");
    }
}
