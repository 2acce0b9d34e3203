//! Applying an armed fault to one exchange (A2A or agent card): replacing the answer or altering
//! the normal one.

use http::StatusCode;
use http::header::{HeaderName, HeaderValue};
use serde_json::{Value, json};

use crate::faults::{Fault, http_status};
use crate::gzip::GzipBody;
use crate::http::{
    DeclaredLength, DropConnection, HttpResponse, ResponseBody, WithoutCors, bytes_response, endless_response,
    gzip_response, json_response,
};
use crate::rpc::{RpcError, RpcResponse, request_id};

const BAD_GATEWAY_PAGE: &str = "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\
<body><h1>502 Bad Gateway</h1><p>The upstream server returned an invalid response.</p>\
<hr><p>magisterium-sim (simulated fault)</p></body></html>\n";

/// The plain rendering of a JSON-RPC response: its JSON body with the HTTP status of its error class.
pub(crate) fn render(response: &RpcResponse) -> HttpResponse {
    json_response(response.http_status(), &response.to_json())
}

/// The answer for faults that replace processing entirely (`html_502`, `drop`, `never_ending`,
/// `status`, `result`, `error`); `None` for the others. `body` is the raw request body (empty for
/// a card request: the id is then `null`).
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
        Fault::NeverEnding { chunk_bytes, every_ms } => {
            endless_response(format!("{{\"jsonrpc\":\"2.0\",\"id\":{},\"result\":", id()), *chunk_bytes, *every_ms)
        }
        Fault::Status { status, body, content_type, headers, gzip } => {
            let status = http_status(*status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let content_type =
                HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("application/json"));
            let body = body.replace("{{id}}", &id().to_string());
            let mut response = if *gzip {
                gzip_response(status, content_type, GzipBody::new(body.as_bytes(), 0, Vec::new()))
            } else {
                bytes_response(status, content_type, body)
            };
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
        | Fault::ShortContentLength { .. }
        | Fault::NoCors => {
            return None;
        }
    };
    Some(response)
}

/// Renders the normal `response`, altered by `fault` (`wrong_id`, else as [`alter`] does).
pub(crate) fn finish(fault: Option<&Fault>, mut response: RpcResponse) -> HttpResponse {
    if fault == Some(&Fault::WrongId) {
        response.id = different_id(&response.id);
    }
    alter(fault, response.http_status(), response.to_json())
}

/// Renders a normal JSON `body`, altered by `fault` (`truncated`, `oversized`,
/// `short_content_length`, `no_cors`; any other leaves it as it is).
pub(crate) fn alter(fault: Option<&Fault>, status: StatusCode, body: Value) -> HttpResponse {
    let json = || HeaderValue::from_static("application/json");
    match fault {
        Some(Fault::Truncated) => {
            let mut body = body.to_string().into_bytes();
            body.truncate(body.len() / 2);
            bytes_response(status, json(), body)
        }
        Some(Fault::Oversized { bytes, gzip: false }) => bytes_response(status, json(), padded(&body, *bytes).concat()),
        Some(Fault::Oversized { bytes, gzip: true }) => {
            let Padded { head, padding, tail } = padded(&body, *bytes);
            gzip_response(status, json(), GzipBody::new(&head, padding, tail))
        }
        Some(Fault::ShortContentLength { bytes, content_length }) => {
            let mut response = bytes_response(status, json(), padded(&body, *bytes).concat());
            response.extensions_mut().insert(DeclaredLength(*content_length));
            response
        }
        Some(Fault::NoCors) => {
            let mut response = json_response(status, &body);
            response.extensions_mut().insert(WithoutCors);
            response
        }
        _ => json_response(status, &body),
    }
}

/// `response` sent after the delay of a `slow` fault (any other leaves it as it is).
pub(crate) fn delay(fault: Option<&Fault>, response: HttpResponse) -> HttpResponse {
    match fault {
        Some(&Fault::Slow { delay_ms }) => {
            response.map(|body| ResponseBody::Delayed { delay_ms, body: Box::new(body) })
        }
        _ => response,
    }
}

fn different_id(id: &Value) -> Value {
    match id {
        Value::String(s) => json!(format!("{s}-wrong")),
        Value::Number(n) => json!(n.as_i64().map_or(-1, |i| i.wrapping_add(1))),
        _ => json!("wrong-id"),
    }
}

/// A JSON text with a run of padding in a string: `head`, `padding` bytes of `x`, `tail`.
struct Padded {
    head: Vec<u8>,
    padding: usize,
    tail: Vec<u8>,
}

impl Padded {
    /// The whole text.
    fn concat(self) -> Vec<u8> {
        let mut text = self.head;
        text.resize(text.len() + self.padding, b'x');
        text.extend_from_slice(&self.tail);
        text
    }
}

/// `body` serialized with a `padding` string of `x` (in its `result` object when there is one, else
/// at the top level) sized so the whole is `bytes` long (or minimal if already larger), in three
/// parts: the text up to the padding, how many `x` it holds, the text after it.
fn padded(body: &Value, bytes: usize) -> Padded {
    let mut body = body.clone();
    match body.get_mut("result").and_then(Value::as_object_mut) {
        Some(result) => result.insert("padding".into(), json!("")),
        None => body.as_object_mut().and_then(|top| top.insert("padding".into(), json!(""))),
    };
    let text = body.to_string();
    // Unique: inside a string value the quotes would be escaped.
    let at = text.find(r#""padding":""#).map_or(text.len(), |i| i + r#""padding":""#.len());
    let (head, tail) = text.split_at(at);
    Padded { head: head.as_bytes().to_vec(), padding: bytes.saturating_sub(text.len()), tail: tail.as_bytes().to_vec() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(padded: Padded) -> Value {
        serde_json::from_slice(&padded.concat()).unwrap()
    }

    #[test]
    fn padding_hits_the_exact_size() {
        let ok = RpcResponse::success(json!(1), json!({"kind": "task"})).to_json();
        assert_eq!(padded(&ok, 4096).concat().len(), 4096);
        assert_eq!(parse(padded(&ok, 4096))["result"]["kind"], "task");
        assert_eq!(parse(padded(&ok, 4096))["result"]["padding"].as_str().map(str::len), Some(4096 - 62));
        assert_eq!(parse(padded(&ok, 0))["result"]["padding"], "");
        let err = RpcResponse::error(json!(1), RpcError::new(crate::rpc::TASK_NOT_FOUND, None)).to_json();
        assert_eq!(padded(&err, 1000).concat().len(), 1000);
        let card = json!({"name": "a \"padding\":\"\" b"});
        assert_eq!(padded(&card, 500).concat().len(), 500);
        let value = parse(padded(&card, 500));
        assert_eq!(value["name"], card["name"], "the padding is a member of its own");
        assert!(value["padding"].as_str().is_some_and(|p| p.bytes().all(|b| b == b'x')));
    }

    #[test]
    fn wrong_ids_differ() {
        for id in [json!(1), json!("a"), Value::Null, json!(1.5)] {
            assert_ne!(different_id(&id), id);
        }
    }
}
