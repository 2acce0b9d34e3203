//! CORS: the preflight answer and the `Access-Control-Allow-Origin` header on every response.

use http::header::{
    ACCESS_CONTROL_ALLOW_HEADERS, ACCESS_CONTROL_ALLOW_METHODS, ACCESS_CONTROL_ALLOW_ORIGIN, ACCESS_CONTROL_MAX_AGE,
    HeaderValue,
};
use http::{Response, StatusCode};

use crate::http::{HttpResponse, ResponseBody, WithoutCors};

/// `204` with exactly the contract's preflight headers (plus a max-age).
pub(crate) fn preflight() -> HttpResponse {
    preflight_allowing("POST, OPTIONS", "Content-Type, Authorization")
}

/// `204` allowing `methods` and request `headers` (plus a max-age).
pub(crate) fn preflight_allowing(methods: &'static str, headers: &'static str) -> HttpResponse {
    let mut response = Response::new(ResponseBody::Full(None));
    *response.status_mut() = StatusCode::NO_CONTENT;
    let allowed = response.headers_mut();
    allowed.insert(ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static(methods));
    allowed.insert(ACCESS_CONTROL_ALLOW_HEADERS, HeaderValue::from_static(headers));
    allowed.insert(ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static("86400"));
    response
}

/// `204` marked [`WithoutCors`]: a preflight the browser refuses.
pub(crate) fn without_cors() -> HttpResponse {
    let mut response = Response::new(ResponseBody::Full(None));
    *response.status_mut() = StatusCode::NO_CONTENT;
    response.extensions_mut().insert(WithoutCors);
    response
}

/// Adds `Access-Control-Allow-Origin: *`, unless the response is marked [`WithoutCors`].
pub(crate) fn allow_any_origin(response: &mut HttpResponse) {
    if response.extensions().get::<WithoutCors>().is_none() {
        response.headers_mut().insert(ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    }
}
