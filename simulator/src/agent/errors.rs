//! The A2A 1.0 errors the agent answers with: JSON-RPC errors whose `data` is a list of typed
//! objects, here one `google.rpc.ErrorInfo` naming the A2A error (`reason`) with a detail.

use http::StatusCode;
use serde_json::json;

use crate::rpc::RpcError;

/// -32001: no such task (never created, or forgotten).
pub(super) const TASK_NOT_FOUND: (i64, &str, &str) = (-32001, "TASK_NOT_FOUND", "Task not found");
/// -32002: `CancelTask` on a task that has ended.
pub(super) const TASK_NOT_CANCELABLE: (i64, &str, &str) = (-32002, "TASK_NOT_CANCELABLE", "Task cannot be canceled");
/// -32003: the push notification methods.
pub(super) const PUSH_NOTIFICATION_NOT_SUPPORTED: (i64, &str, &str) =
    (-32003, "PUSH_NOTIFICATION_NOT_SUPPORTED", "Push Notification is not supported");
/// -32004: a message to an existing task, a subscription to an ended one.
pub(super) const UNSUPPORTED_OPERATION: (i64, &str, &str) =
    (-32004, "UNSUPPORTED_OPERATION", "This operation is not supported");
/// -32007: `GetExtendedAgentCard` (the card says it has none).
pub(super) const EXTENDED_CARD_NOT_CONFIGURED: (i64, &str, &str) =
    (-32007, "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "Extended Card not configured");

/// The A2A error `(code, reason, message)` with `detail` (HTTP 200, as every JSON-RPC error here).
pub(super) fn a2a_error((code, reason, message): (i64, &str, &str), detail: impl Into<String>) -> RpcError {
    let info = json!({
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        "reason": reason,
        "domain": "a2a-protocol.org",
        "metadata": { "detail": detail.into() },
    });
    RpcError { code, message: message.into(), data: Some(json!([info])), http_status: StatusCode::OK }
}
