//! `POST /oauth/register`: dynamic client registration (RFC 7591) of public
//! clients (`token_endpoint_auth_method: "none"`).

use std::time::{SystemTime, UNIX_EPOCH};

use http::StatusCode;
use serde_json::{Value, json};

use super::params::{error_response, no_store};
use super::redirect_uri;
use super::store::{OAuthError, OAuthStore, RegisteredClient};
use crate::http::HttpResponse;

/// Longest `client_name` kept.
const MAX_NAME_CHARS: usize = 200;
/// Most redirect URIs one client may register.
const MAX_REDIRECT_URIS: usize = 20;

/// Registers the client the JSON `body` describes.
pub(crate) fn handle(store: &mut OAuthStore, body: &[u8], now: SystemTime) -> HttpResponse {
    let outcome = metadata(body).and_then(|client| {
        let answer = json!({
            "client_name": client.name,
            "redirect_uris": client.redirect_uris,
            "token_endpoint_auth_method": "none",
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
        });
        Ok((store.register(client)?, answer))
    });
    match outcome {
        Ok((client_id, mut answer)) => {
            let issued_at = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
            answer["client_id"] = json!(client_id);
            answer["client_id_issued_at"] = json!(issued_at);
            if answer["client_name"].is_null() {
                answer.as_object_mut().map(|fields| fields.remove("client_name"));
            }
            no_store(StatusCode::CREATED, &answer)
        }
        Err(error) => error_response(&error),
    }
}

/// The client a registration request describes, checked (RFC 7591 §2, §3.2.2).
fn metadata(body: &[u8]) -> Result<RegisteredClient, OAuthError> {
    let invalid = |text: &str| OAuthError::new("invalid_client_metadata", text);
    let request: Value = serde_json::from_slice(body).map_err(|_| invalid("the body must be a JSON object"))?;
    let fields = request.as_object().ok_or_else(|| invalid("the body must be a JSON object"))?;
    let uris = match fields.get("redirect_uris").and_then(Value::as_array) {
        Some(uris) if !uris.is_empty() && uris.len() <= MAX_REDIRECT_URIS => uris,
        _ => return Err(OAuthError::new("invalid_redirect_uri", "`redirect_uris` must list 1 to 20 URIs")),
    };
    let mut redirect_uris = Vec::new();
    for uri in uris {
        let uri = uri.as_str().ok_or_else(|| OAuthError::new("invalid_redirect_uri", "a redirect URI is a string"))?;
        if let Some(why) = redirect_uri::refusal(uri) {
            return Err(OAuthError::new("invalid_redirect_uri", why));
        }
        redirect_uris.push(uri.to_owned());
    }
    match fields.get("token_endpoint_auth_method") {
        None => {}
        Some(method) if method == "none" => {}
        Some(_) => {
            return Err(invalid("only public clients are registered: `token_endpoint_auth_method` must be \"none\""));
        }
    }
    subset(fields.get("grant_types"), &["authorization_code", "refresh_token"], "grant_types")?;
    subset(fields.get("response_types"), &["code"], "response_types")?;
    let name = match fields.get("client_name") {
        None | Some(Value::Null) => None,
        Some(Value::String(name)) => Some(name.chars().take(MAX_NAME_CHARS).collect()),
        Some(_) => return Err(invalid("`client_name` must be a string")),
    };
    Ok(RegisteredClient { name, redirect_uris })
}

/// Checks that `given`, if present, is an array of strings among `supported`.
fn subset(given: Option<&Value>, supported: &[&str], field: &str) -> Result<(), OAuthError> {
    let Some(given) = given else { return Ok(()) };
    let all_supported = given.as_array().is_some_and(|values| {
        values.iter().all(|value| value.as_str().is_some_and(|value| supported.contains(&value)))
    });
    if all_supported {
        Ok(())
    } else {
        Err(OAuthError::new("invalid_client_metadata", format!("`{field}` may only hold {}", supported.join(", "))))
    }
}

#[cfg(test)]
mod tests {
    use super::metadata;

    #[test]
    fn public_clients_with_usable_redirect_uris_are_accepted() {
        let ok = metadata(br#"{"redirect_uris":["https://app.example/cb"],"client_name":"App","token_endpoint_auth_method":"none","grant_types":["authorization_code","refresh_token"]}"#).unwrap();
        assert_eq!((ok.name.as_deref(), ok.redirect_uris.len()), (Some("App"), 1));
        let refused = |body: &str| metadata(body.as_bytes()).unwrap_err().error;
        assert_eq!(refused("[]"), "invalid_client_metadata");
        assert_eq!(refused(r#"{"redirect_uris":[]}"#), "invalid_redirect_uri");
        assert_eq!(refused(r#"{"redirect_uris":["http://app.example/cb"]}"#), "invalid_redirect_uri");
        assert_eq!(
            refused(r#"{"redirect_uris":["https://a.example/"],"token_endpoint_auth_method":"client_secret_basic"}"#),
            "invalid_client_metadata"
        );
        assert_eq!(
            refused(r#"{"redirect_uris":["https://a.example/"],"grant_types":["implicit"]}"#),
            "invalid_client_metadata"
        );
        assert_eq!(refused(r#"{"redirect_uris":["https://a.example/"],"client_name":7}"#), "invalid_client_metadata");
    }
}
