//! The simulator as an OAuth 2 authorization server for public clients:
//! RFC 8414 metadata, RFC 7591 registration, the authorization code flow
//! with PKCE `S256` and a consent page, rotating refresh tokens, RFC 7009
//! revocation. The access tokens it issues are accepted by the A2A endpoint
//! until they expire ([`OAuthStore::access`]).

mod authorize;
mod consent_page;
mod metadata;
mod params;
mod paths;
mod pkce;
mod redirect_uri;
mod registration;
mod secret;
mod store;
mod token;

pub(crate) use paths::REGISTER_PATH;
pub(crate) use store::{Access, OAuthStore};

use paths::{AUTHORIZE_PATH, METADATA_PATH, REVOKE_PATH, TOKEN_PATH};

use http::{Method, Request, StatusCode};

use crate::card::base_url;
use crate::http::{BodyError, HttpResponse, RequestBody, WithoutCors, json_response, method_not_allowed, plain_error};
use crate::state::{State, lock};

/// Largest body an OAuth endpoint reads.
pub(crate) const MAX_BODY_BYTES: usize = 64 * 1024;

/// Whether `path` is one of the authorization server's.
pub(crate) fn is_oauth_path(path: &str) -> bool {
    [METADATA_PATH, AUTHORIZE_PATH, TOKEN_PATH, REGISTER_PATH, REVOKE_PATH].contains(&path)
}

/// Answers a request to one of the [`is_oauth_path`] paths.
pub(crate) fn handle(state: &State, request: Request<RequestBody>) -> HttpResponse {
    let (head, body) = request.into_parts();
    let path = head.uri.path();
    let allowed = match path {
        METADATA_PATH => "GET, OPTIONS",
        AUTHORIZE_PATH => "GET, POST",
        _ => "POST, OPTIONS",
    };
    let issuer = base_url(&head.headers, state.local_addr);
    let now = state.clock.now();
    if head.method == Method::GET {
        let mut store = lock(&state.oauth);
        return match path {
            METADATA_PATH => json_response(StatusCode::OK, &metadata::document(&issuer)),
            AUTHORIZE_PATH => {
                let query = head.uri.query().unwrap_or_default();
                authorize::request(&mut store, query, issuer, state.auto_approve, now)
            }
            _ => method_not_allowed(allowed),
        };
    }
    if head.method != Method::POST || path == METADATA_PATH {
        return method_not_allowed(allowed);
    }
    let body = match body.bytes() {
        Ok(body) => body,
        Err(BodyError::TooLarge) => return plain_error(StatusCode::PAYLOAD_TOO_LARGE, "body too large"),
        Err(BodyError::Broken) => return plain_error(StatusCode::BAD_REQUEST, "the request body could not be read"),
    };
    let mut store = lock(&state.oauth);
    match path {
        AUTHORIZE_PATH => authorize::decision(&mut store, &body, now),
        TOKEN_PATH => token::grant(&mut store, &body, now),
        REVOKE_PATH => token::revoke(&mut store, &body),
        _ => {
            let mut response = registration::handle(&mut store, &body, now);
            if state.registration_without_cors {
                response.extensions_mut().insert(WithoutCors);
            }
            response
        }
    }
}
