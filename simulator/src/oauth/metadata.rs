//! `GET /.well-known/oauth-authorization-server`: the RFC 8414 metadata.

use serde_json::{Value, json};

use super::paths::{AUTHORIZE_PATH, REGISTER_PATH, REVOKE_PATH, TOKEN_PATH};

/// The metadata of the authorization server whose issuer is `issuer` (its base URL).
pub(crate) fn document(issuer: &str) -> Value {
    json!({
        "issuer": issuer,
        "authorization_endpoint": format!("{issuer}{AUTHORIZE_PATH}"),
        "token_endpoint": format!("{issuer}{TOKEN_PATH}"),
        "registration_endpoint": format!("{issuer}{REGISTER_PATH}"),
        "revocation_endpoint": format!("{issuer}{REVOKE_PATH}"),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["none"],
        "revocation_endpoint_auth_methods_supported": ["none"],
        "authorization_response_iss_parameter_supported": true,
        "service_documentation": "https://github.com/magisterium-a2a/magisterium-a2a/blob/main/docs/simulator.md",
    })
}
