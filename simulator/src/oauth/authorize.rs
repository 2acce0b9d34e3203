//! `/oauth/authorize`: `GET` checks an authorization request (code flow,
//! PKCE `S256` required) and shows the consent page, or with `--auto-approve`
//! redirects back at once; `POST` is the consent page's Allow or Deny.

use std::time::SystemTime;

use http::header::{CACHE_CONTROL, HeaderValue, LOCATION};
use http::{Response, StatusCode};

use super::consent_page;
use super::params::Params;
use super::pkce;
use super::redirect_uri;
use super::store::{AuthRequest, OAuthStore};
use crate::http::{HttpResponse, ResponseBody};

/// Answers `GET /oauth/authorize?{query}` reached at `issuer`.
pub(crate) fn request(
    store: &mut OAuthStore,
    query: &str,
    issuer: String,
    auto_approve: bool,
    now: SystemTime,
) -> HttpResponse {
    let request = match checked(store, query, issuer) {
        Ok(request) => request,
        Err(Refused::Page(reason)) => return consent_page::refusal(&reason),
        Err(Refused::Redirect(to)) => return redirect(StatusCode::FOUND, &to),
    };
    if auto_approve {
        return allowed(store, request, StatusCode::FOUND, now);
    }
    let name = store.client(&request.client_id).and_then(|client| client.name.clone());
    let (redirect_uri, scope) = (request.redirect_uri.clone(), request.scope.clone());
    let held = store.hold(request, now);
    consent_page::consent(&held, name.as_deref(), &redirect_uri, scope.as_deref())
}

/// Answers the consent page's form (`request`, `decision`).
pub(crate) fn decision(store: &mut OAuthStore, body: &[u8], now: SystemTime) -> HttpResponse {
    let Ok(form) = Params::parse(body) else {
        return consent_page::refusal("the form is not valid");
    };
    let Some(request) = form.get("request").and_then(|id| store.take(id, now)) else {
        return consent_page::refusal("it has expired or was already answered");
    };
    match form.get("decision") {
        Some("allow") => allowed(store, request, StatusCode::SEE_OTHER, now),
        Some("deny") => {
            let denied = [("error", "access_denied"), ("error_description", "the user denied the request")];
            answer(&request, &denied, StatusCode::SEE_OTHER)
        }
        _ => consent_page::refusal("choose Allow or Deny"),
    }
}

/// Why a request is not shown the consent page.
enum Refused {
    /// Its client or redirect URI is not valid: shown a page, never redirected.
    Page(String),
    /// Anything else: redirected back with an error (to this URL).
    Redirect(String),
}

/// The request of `query`, checked in RFC 6749 §4.1.2.1's order.
fn checked(store: &OAuthStore, query: &str, issuer: String) -> Result<AuthRequest, Refused> {
    let params = Params::parse(query.as_bytes()).map_err(|e| Refused::Page(e.description))?;
    let client_id = params.get("client_id").ok_or_else(|| Refused::Page("no client_id".to_owned()))?;
    let client = store.client(client_id).ok_or_else(|| Refused::Page("unknown client_id".to_owned()))?;
    let redirect_uri = params.get("redirect_uri").ok_or_else(|| Refused::Page("no redirect_uri".to_owned()))?;
    if !client.redirect_uris.iter().any(|registered| redirect_uri::matches(registered, redirect_uri)) {
        return Err(Refused::Page("the redirect_uri is not one the client registered".to_owned()));
    }
    let request = AuthRequest {
        client_id: client_id.to_owned(),
        redirect_uri: redirect_uri.to_owned(),
        state: params.get("state").map(str::to_owned),
        code_challenge: params.get("code_challenge").unwrap_or_default().to_owned(),
        scope: params.get("scope").map(str::to_owned),
        issuer,
    };
    let problem = if params.get("response_type") != Some("code") {
        Some(("unsupported_response_type", "only the authorization code flow (response_type=code) is supported"))
    } else if params.get("code_challenge_method") != Some("S256") {
        Some(("invalid_request", "PKCE is required, with code_challenge_method=S256"))
    } else if !pkce::is_s256_challenge(&request.code_challenge) {
        Some(("invalid_request", "code_challenge must be a base64url SHA-256 (43 characters)"))
    } else {
        None
    };
    match problem {
        None => Ok(request),
        Some((error, description)) => {
            let params = [("error", error), ("error_description", description)];
            Err(Refused::Redirect(response_uri(&request, &params).unwrap_or_default()))
        }
    }
}

/// The redirect with a new code for `request`.
fn allowed(store: &mut OAuthStore, request: AuthRequest, status: StatusCode, now: SystemTime) -> HttpResponse {
    let code = store.issue_code(request.clone(), now);
    answer(&request, &[("code", &code)], status)
}

/// The redirect back to the client with `params`, `state` and `iss`.
fn answer(request: &AuthRequest, params: &[(&str, &str)], status: StatusCode) -> HttpResponse {
    match response_uri(request, params) {
        Some(to) => redirect(status, &to),
        None => consent_page::refusal("the redirect_uri is not a URL"),
    }
}

/// The client's redirect URI with `params`, then `state` (when the request
/// had one) and `iss` (RFC 9207).
fn response_uri(request: &AuthRequest, params: &[(&str, &str)]) -> Option<String> {
    let mut all = params.to_vec();
    if let Some(state) = &request.state {
        all.push(("state", state));
    }
    all.push(("iss", &request.issuer));
    redirect_uri::with_params(&request.redirect_uri, &all)
}

fn redirect(status: StatusCode, to: &str) -> HttpResponse {
    let mut response = Response::new(ResponseBody::Full(None));
    *response.status_mut() = status;
    if let Ok(location) = HeaderValue::from_str(to) {
        response.headers_mut().insert(LOCATION, location);
    }
    response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
