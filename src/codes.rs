//! The codes and enumerations every layer shares, under semver: what went
//! wrong ([`ErrorCode`]), whose meanings an agent's error codes have
//! ([`Dialect`]), the A2A version ([`ProtocolVersion`]) and binding
//! ([`Binding`]) a client speaks. Defined here, outside the hidden core, so
//! that what the core adds to them for its own crates (`#[doc(hidden)]`) is
//! not public API. Each is also at the crate root.

/// What went wrong, as a stable code (its JS form is [`ErrorCode::as_str`]).
///
/// Non-exhaustive: a later version may add codes, so a `match` needs a `_` arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorCode {
    /// -32700: the server could not parse the request body.
    ParseError,
    /// -32600: the request envelope was invalid.
    InvalidRequest,
    /// -32601: unknown JSON-RPC method.
    MethodNotFound,
    /// -32602: missing or invalid params, or an invalid `tasks/cancel` transition.
    InvalidParams,
    /// -32603 (or an unknown JSON-RPC code): unexpected server failure.
    InternalError,
    /// -32001: task id unknown or expired.
    TaskNotFound,
    /// -32002 (Magisterium): unknown `skillId`.
    SkillNotFound,
    /// -32003 (Magisterium) or HTTP 429: back off for `retry_after` seconds.
    RateLimited,
    /// -32004 (Magisterium) or HTTP 401: missing or invalid Bearer token.
    Unauthorized,
    /// -32005 (Magisterium) or HTTP 403: a paid plan is required.
    PlanRequired,
    /// The task ended `failed` (or `canceled`/`rejected`); the reason is the message.
    TaskFailed,
    /// The request never got a response (offline, DNS, CORS refusal, dropped connection).
    Network,
    /// The call's time limit elapsed (`.timeout()` in Rust, `timeoutMs` in JS).
    Timeout,
    /// The caller's `AbortSignal` aborted the call.
    Aborted,
    /// The server answered something that is not a valid response.
    BadResponse,
    /// An argument or option was refused before any request was made.
    InvalidInput,
    /// -32002 (generic A2A): the task cannot be canceled.
    TaskNotCancelable,
    /// -32003 (generic A2A): the agent does not support push notifications.
    PushNotificationNotSupported,
    /// -32004 (generic A2A): the operation is not supported.
    UnsupportedOperation,
    /// -32005 (generic A2A): a content type is not supported.
    ContentTypeNotSupported,
    /// -32006 (generic A2A): the agent produced an invalid response.
    InvalidAgentResponse,
    /// -32007 (generic A2A): no authenticated extended card is configured.
    AuthenticatedExtendedCardNotConfigured,
    /// -32008 (generic A2A 1.0): the agent requires an extension the client did not declare.
    ExtensionSupportRequired,
    /// -32009 (generic A2A 1.0): the agent does not serve the protocol version asked for.
    VersionNotSupported,
    // The npm package's sign-in codes (`magisterium-a2a/auth`, through a JS
    // `tokenProvider`): the core defines every code of both clients, but the
    // Rust client never produces these two (a `TokenProvider`'s failure is
    // UNAUTHORIZED), so its docs do not show them (a `match` needs `_` anyway:
    // the enum is non-exhaustive). The npm package's README documents them.
    /// SIGN_IN_REQUIRED: no tokens, or the authorization server refused to
    /// refresh them (the npm package's sign-in only).
    #[doc(hidden)]
    SignInRequired,
    /// SIGN_IN_FAILED: consent denied, state mismatch, a failed exchange or
    /// registration (the npm package's sign-in only).
    #[doc(hidden)]
    SignInFailed,
}

/// Whose meanings the server-defined JSON-RPC codes (-32002..-32007) have.
/// Decided once per client, from its endpoint or agent card, never per error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// The Magisterium contract: -32002 SKILL_NOT_FOUND, -32003 RATE_LIMITED,
    /// -32004 UNAUTHORIZED, -32005 PLAN_REQUIRED.
    Magisterium,
    /// A2A 0.2, 0.3 and 1.0: -32002 TaskNotCancelable … -32007
    /// AuthenticatedExtendedCardNotConfigured, and 1.0's -32008 and -32009.
    A2a,
}

impl ErrorCode {
    /// The stable string a JS caller branches on, e.g. `"RATE_LIMITED"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::ParseError => "PARSE_ERROR",
            ErrorCode::InvalidRequest => "INVALID_REQUEST",
            ErrorCode::MethodNotFound => "METHOD_NOT_FOUND",
            ErrorCode::InvalidParams => "INVALID_PARAMS",
            ErrorCode::InternalError => "INTERNAL_ERROR",
            ErrorCode::TaskNotFound => "TASK_NOT_FOUND",
            ErrorCode::SkillNotFound => "SKILL_NOT_FOUND",
            ErrorCode::RateLimited => "RATE_LIMITED",
            ErrorCode::Unauthorized => "UNAUTHORIZED",
            ErrorCode::PlanRequired => "PLAN_REQUIRED",
            ErrorCode::TaskFailed => "TASK_FAILED",
            ErrorCode::Network => "NETWORK",
            ErrorCode::Timeout => "TIMEOUT",
            ErrorCode::Aborted => "ABORTED",
            ErrorCode::BadResponse => "BAD_RESPONSE",
            ErrorCode::InvalidInput => "INVALID_INPUT",
            ErrorCode::TaskNotCancelable => "TASK_NOT_CANCELABLE",
            ErrorCode::PushNotificationNotSupported => "PUSH_NOTIFICATION_NOT_SUPPORTED",
            ErrorCode::UnsupportedOperation => "UNSUPPORTED_OPERATION",
            ErrorCode::ContentTypeNotSupported => "CONTENT_TYPE_NOT_SUPPORTED",
            ErrorCode::InvalidAgentResponse => "INVALID_AGENT_RESPONSE",
            ErrorCode::AuthenticatedExtendedCardNotConfigured => "AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED",
            ErrorCode::ExtensionSupportRequired => "EXTENSION_SUPPORT_REQUIRED",
            ErrorCode::VersionNotSupported => "VERSION_NOT_SUPPORTED",
            ErrorCode::SignInRequired => "SIGN_IN_REQUIRED",
            ErrorCode::SignInFailed => "SIGN_IN_FAILED",
        }
    }
}

/// An A2A version the client speaks (a card's `protocolVersion`, the
/// builder's `protocol_version`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProtocolVersion {
    /// A2A 0.2 and 0.3 (slash-named methods, `kind` discriminators), and Magisterium's contract.
    V0_3,
    /// A2A 1.x (PascalCase methods, the `A2A-Version: 1.0` header).
    V1_0,
}

impl ProtocolVersion {
    /// The version of a `protocolVersion` the client speaks: `1.x`, or `0.2`/`0.3` (and their patches).
    pub fn of(text: &str) -> Option<ProtocolVersion> {
        match text.as_bytes() {
            [b'1', b'.', b'0'..=b'9', ..] => Some(ProtocolVersion::V1_0),
            [b'0', b'.', b'2' | b'3'] | [b'0', b'.', b'2' | b'3', b'.', ..] => Some(ProtocolVersion::V0_3),
            _ => None,
        }
    }

    /// `"0.3"` or `"1.0"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ProtocolVersion::V0_3 => "0.3",
            ProtocolVersion::V1_0 => "1.0",
        }
    }
}

/// The A2A protocol bindings the client speaks, as a card's
/// `supportedInterfaces[].protocolBinding` names them (gRPC it does not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Binding {
    /// `JSONRPC`: JSON-RPC 2.0 requests POSTed to the interface's URL (A2A 0.2, 0.3 and 1.x).
    JsonRpc,
    /// `HTTP+JSON`: A2A 1.x's REST binding, a verb and a path per method
    /// (`POST /message:send`, `GET /tasks/{id}`, … after the endpoint); the client speaks it in 1.x only.
    HttpJson,
}

impl Binding {
    /// The binding a `protocolBinding` names, exactly (`"JSONRPC"`, `"HTTP+JSON"`).
    pub fn of(text: &str) -> Option<Binding> {
        match text {
            "JSONRPC" => Some(Binding::JsonRpc),
            "HTTP+JSON" => Some(Binding::HttpJson),
            _ => None,
        }
    }

    /// Its `protocolBinding` name.
    pub fn as_str(self) -> &'static str {
        match self {
            Binding::JsonRpc => "JSONRPC",
            Binding::HttpJson => "HTTP+JSON",
        }
    }
}
