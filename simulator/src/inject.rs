//! Applying an armed fault to one A2A exchange: replacing the answer or altering the normal one.

use hyper::StatusCode;
use hyper::header::{HeaderName, HeaderValue};
use serde_json::{Value, json};

use crate::faults::{Fault, http_status};
use crate::http::{DropConnection, HttpResponse, WithoutCors, bytes_response, json_response, trickle_response};
use crate::rpc::{RpcError, RpcResponse, request_id};

const BAD_GATEWAY_PAGE: &str = "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\
<body><h1>502 Bad Gateway</h1><p>The upstream server returned an invalid response.</p>\
<hr><p>magisterium-sim (simulated fault)</p></body></html>\n";

/// The plain rendering of a JSON-RPC response: its JSON body with the HTTP status of its error class.
pub(crate) fn render(response: &RpcResponse) -> HttpResponse {
    json_response(response.http_status(), &response.to_json())
}

/// The answer for faults that replace processing entirely (`html_502`, `drop`, `never_ending`,
/// `status`, `result`, `error`); `None` for the others. `body` is the raw request body.
pub(crate) fn replacement(fault: &Fault, body: &[u8]) -> Option<HttpResponse> {
    let id = || request_id(body);
    let response = match fault {
        Fault::Html502 => bytes_response(
            StatusCode::BAD_GATEWAY,
            HeaderValue::from_static("text/html; charset=utf-8"),
            BAD_GATEWAY_PAGE,
        ),
        Fault::Drop => {
            let mut response = json_response(StatusCode::OK, &Value::Null);
            response.extensions_mut().insert(DropConnection);
            response
        }
        Fault::NeverEnding => trickle_response(format!("{{\"jsonrpc\":\"2.0\",\"id\":{},\"result\":", id())),
        Fault::Status { status, body, content_type, headers } => {
            let mut response = bytes_response(
                http_status(*status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
                HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("application/json")),
                body.replace("{{id}}", &id().to_string()),
            );
            // Validated when armed; a pair that still fails to parse is skipped.
            for (name, value) in headers {
                if let (Ok(name), Ok(value)) = (HeaderName::from_bytes(name.as_bytes()), HeaderValue::from_str(value)) {
                    response.headers_mut().append(name, value);
                }
            }
            response
        }
        Fault::Result { result } => render(&RpcResponse::success(id(), result.clone())),
        Fault::Error { code, message, data, http_status: status } => {
            let error = RpcError {
                code: *code,
                message: message.clone(),
                data: data.clone(),
                http_status: status.and_then(|s| http_status(s).ok()).unwrap_or(StatusCode::OK),
            };
            render(&RpcResponse::error(id(), error))
        }
        Fault::Truncated
        | Fault::Slow { .. }
        | Fault::WrongId
        | Fault::Working
        | Fault::Oversized { .. }
        | Fault::NoCors => {
            return None;
        }
    };
    Some(response)
}

/// Renders the normal `response`, altered by `fault` (`truncated`, `wrong_id`, `oversized`, `no_cors`).
pub(crate) fn finish(fault: Option<&Fault>, mut response: RpcResponse) -> HttpResponse {
    match fault {
        Some(Fault::Truncated) => {
            let mut body = response.to_json().to_string().into_bytes();
            body.truncate(body.len() / 2);
            bytes_response(response.http_status(), HeaderValue::from_static("application/json"), body)
        }
        Some(Fault::WrongId) => {
            response.id = different_id(&response.id);
            render(&response)
        }
        Some(Fault::Oversized { bytes }) => json_response(response.http_status(), &padded(&response, *bytes)),
        Some(Fault::NoCors) => {
            let mut rendered = render(&response);
            rendered.extensions_mut().insert(WithoutCors);
            rendered
        }
        _ => render(&response),
    }
}

fn different_id(id: &Value) -> Value {
    match id {
        Value::String(s) => json!(format!("{s}-wrong")),
        Value::Number(n) => json!(n.as_i64().map_or(-1, |i| i.wrapping_add(1))),
        _ => json!("wrong-id"),
    }
}

/// The response body with a `padding` string (in the result object when there is one, else at the
/// top level) sized so the serialized body is `bytes` long (or minimal if already larger).
fn padded(response: &RpcResponse, bytes: usize) -> Value {
    let with_padding = |padding: String| {
        let mut body = response.to_json();
        match body.get_mut("result").and_then(Value::as_object_mut) {
            Some(result) => result.insert("padding".into(), json!(padding)),
            None => body.as_object_mut().and_then(|top| top.insert("padding".into(), json!(padding))),
        };
        body
    };
    let base = with_padding(String::new()).to_string().len();
    with_padding("x".repeat(bytes.saturating_sub(base)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_hits_the_exact_size() {
        let ok = RpcResponse::success(json!(1), json!({"kind": "task"}));
        assert_eq!(padded(&ok, 4096).to_string().len(), 4096);
        assert_eq!(padded(&ok, 4096)["result"]["kind"], "task");
        assert_eq!(padded(&ok, 0)["result"]["padding"], "");
        let err = RpcResponse::error(json!(1), RpcError::new(crate::rpc::TASK_NOT_FOUND, None));
        assert_eq!(padded(&err, 1000).to_string().len(), 1000);
    }

    #[test]
    fn wrong_ids_differ() {
        for id in [json!(1), json!("a"), Value::Null, json!(1.5)] {
            assert_ne!(different_id(&id), id);
        }
    }
}
