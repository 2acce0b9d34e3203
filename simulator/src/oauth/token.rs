//! `POST /oauth/token` (RFC 6749 §4.1.3, §6) for public clients: the
//! authorization code with its PKCE verifier, and rotating refresh tokens;
//! and `POST /oauth/revoke` (RFC 7009).

use std::time::SystemTime;

use http::StatusCode;
use serde_json::json;

use super::params::{Params, error_response, no_store};
use super::store::{OAuthError, OAuthStore};
use crate::http::{HttpResponse, ResponseBody};

/// Answers a token request whose form is `body`.
pub(crate) fn grant(store: &mut OAuthStore, body: &[u8], now: SystemTime) -> HttpResponse {
    let issued = Params::parse(body).and_then(|form| {
        let client_id = form.required("client_id")?;
        match form.required("grant_type")? {
            "authorization_code" => store.exchange_code(
                form.required("code")?,
                client_id,
                form.required("redirect_uri")?,
                form.required("code_verifier")?,
                now,
            ),
            "refresh_token" => store.refresh(form.required("refresh_token")?, client_id, now),
            _ => Err(OAuthError::new("unsupported_grant_type", "authorization_code and refresh_token only")),
        }
    });
    match issued {
        Ok(tokens) => {
            let mut answer = json!({
                "access_token": tokens.access_token,
                "token_type": "Bearer",
                "expires_in": tokens.expires_in,
                "refresh_token": tokens.refresh_token,
            });
            if let Some(scope) = tokens.scope {
                answer["scope"] = json!(scope);
            }
            no_store(StatusCode::OK, &answer)
        }
        Err(error) => error_response(&error),
    }
}

/// Answers a revocation request whose form is `body`: 200 with no body,
/// whether or not the token was known.
pub(crate) fn revoke(store: &mut OAuthStore, body: &[u8]) -> HttpResponse {
    let revoked =
        Params::parse(body).and_then(|form| store.revoke(form.required("token")?, form.required("client_id")?));
    match revoked {
        Ok(()) => http::Response::new(ResponseBody::Full(None)),
        Err(error) => error_response(&error),
    }
}
