//! OAuth request parameters (a query or an `application/x-www-form-urlencoded`
//! body), each at most once (RFC 6749 §3.1, §3.2), and the JSON answers of
//! the endpoints.

use std::collections::HashMap;

use http::StatusCode;
use http::header::{CACHE_CONTROL, HeaderValue, PRAGMA};
use serde_json::{Value, json};

use super::store::OAuthError;
use crate::http::{HttpResponse, json_response};

/// Parameters by name; an empty value counts as absent (RFC 6749 §3.1).
#[derive(Debug)]
pub(crate) struct Params(HashMap<String, String>);

impl Params {
    /// Parses `text`; a parameter given twice is `invalid_request`.
    pub(crate) fn parse(text: &[u8]) -> Result<Params, OAuthError> {
        let mut params = HashMap::new();
        for (name, value) in form_urlencoded::parse(text) {
            if value.is_empty() {
                continue;
            }
            if params.insert(name.to_string(), value.into_owned()).is_some() {
                return Err(OAuthError::new("invalid_request", format!("`{name}` is given more than once")));
            }
        }
        Ok(Params(params))
    }

    /// The parameter, if given.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// The parameter, or `invalid_request` naming it.
    pub(crate) fn required(&self, name: &str) -> Result<&str, OAuthError> {
        self.get(name).ok_or_else(|| OAuthError::new("invalid_request", format!("`{name}` is required")))
    }
}

/// A JSON answer that no cache keeps (tokens and client ids are in it).
pub(crate) fn no_store(status: StatusCode, body: &Value) -> HttpResponse {
    let mut response = json_response(status, body);
    response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response.headers_mut().insert(PRAGMA, HeaderValue::from_static("no-cache"));
    response
}

/// `{"error", "error_description"}` with the error's status (RFC 6749 §5.2).
pub(crate) fn error_response(error: &OAuthError) -> HttpResponse {
    let status = StatusCode::from_u16(error.status).unwrap_or(StatusCode::BAD_REQUEST);
    no_store(status, &json!({ "error": error.error, "error_description": error.description }))
}

#[cfg(test)]
mod tests {
    use super::Params;

    #[test]
    fn parameters_are_decoded_once_each() {
        let params = Params::parse(b"grant_type=refresh_token&refresh_token=a%2Bb&scope=").unwrap();
        assert_eq!(params.get("refresh_token"), Some("a+b"));
        assert_eq!(params.get("scope"), None, "empty is absent");
        assert_eq!(params.required("code").unwrap_err().error, "invalid_request");
        assert_eq!(Params::parse(b"code=a&code=b").unwrap_err().error, "invalid_request");
    }
}
