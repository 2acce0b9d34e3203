//! The authorization server: metadata, registration, the consent page and
//! its auto-approve flag, the token endpoint (PKCE, rotation, reuse),
//! revocation, the CORS-less registration flag, and the A2A endpoint
//! accepting issued tokens until they expire.

use std::collections::HashMap;
use std::time::Duration;

use crate::common::*;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use magisterium_sim::Config;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use url::Url;

const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const CALLBACK: &str = "http://127.0.0.1:5173/callback";
const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// A simulator started with `config` changed by `change`.
async fn start_with(change: impl FnOnce(&mut Config)) -> Server {
    let mut config = config();
    change(&mut config);
    Server::start(config).await
}

/// Registers a public client for `redirect_uri`; its id.
async fn register(sim: &Server, redirect_uri: &str, name: &str) -> String {
    let body = json!({ "redirect_uris": [redirect_uri], "client_name": name, "token_endpoint_auth_method": "none" });
    let reply =
        request(sim.addr(), "POST", "/oauth/register", &[("content-type", "application/json")], body.to_string()).await;
    assert_eq!(reply.status, 201, "{}", String::from_utf8_lossy(&reply.body));
    reply.json()["client_id"].as_str().unwrap().to_owned()
}

/// The query of an authorization request of `client` (PKCE S256 of [`VERIFIER`]).
fn authorize_query(client: &str, redirect_uri: &str, state: &str) -> String {
    form_urlencoded::Serializer::new(String::new())
        .append_pair("response_type", "code")
        .append_pair("client_id", client)
        .append_pair("redirect_uri", redirect_uri)
        .append_pair("state", state)
        .append_pair("code_challenge", &challenge(VERIFIER))
        .append_pair("code_challenge_method", "S256")
        .finish()
}

/// The query parameters of a redirect's `Location`.
fn location_params(reply: &Reply) -> (String, HashMap<String, String>) {
    let location = reply.header("location").unwrap_or_else(|| panic!("no Location in a {} answer", reply.status));
    let url = Url::parse(location).unwrap();
    let base = format!("{}://{}{}", url.scheme(), url.authority(), url.path());
    (base, url.query_pairs().into_owned().collect())
}

/// The hidden `request` field of a consent page.
fn consent_request_id(page: &str) -> String {
    let start = page.find("name=\"request\" value=\"").expect("a request field") + "name=\"request\" value=\"".len();
    page[start..].split('"').next().unwrap().to_owned()
}

/// Shows the consent page for `client` and answers it with `decision`; the redirect.
async fn consent(sim: &Server, client: &str, decision: &str) -> Reply {
    let page =
        request(sim.addr(), "GET", &format!("/oauth/authorize?{}", authorize_query(client, CALLBACK, "st-1")), &[], "")
            .await;
    assert_eq!(page.status, 200);
    let html = String::from_utf8(page.body).unwrap();
    let form = format!("request={}&decision={decision}", consent_request_id(&html));
    request(sim.addr(), "POST", "/oauth/authorize", &[FORM], form).await
}

/// POSTs a form to the token endpoint.
async fn token(sim: &Server, form: &[(&str, &str)]) -> Reply {
    let body = form_urlencoded::Serializer::new(String::new()).extend_pairs(form).finish();
    request(sim.addr(), "POST", "/oauth/token", &[FORM], body).await
}

/// Exchanges `code` of `client` for tokens.
async fn exchange(sim: &Server, client: &str, code: &str) -> Reply {
    token(
        sim,
        &[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", CALLBACK),
            ("client_id", client),
            ("code_verifier", VERIFIER),
        ],
    )
    .await
}

/// Refreshes with `refresh_token` of `client`.
async fn refresh(sim: &Server, client: &str, refresh_token: &str) -> Reply {
    token(sim, &[("grant_type", "refresh_token"), ("refresh_token", refresh_token), ("client_id", client)]).await
}

/// A client signed in through the consent page: (client id, token response).
async fn signed_in(sim: &Server) -> (String, Value) {
    let client = register(sim, CALLBACK, "Parish app").await;
    let (_, params) = location_params(&consent(sim, &client, "allow").await);
    let tokens = exchange(sim, &client, &params["code"]).await;
    assert_eq!(tokens.status, 200, "{}", String::from_utf8_lossy(&tokens.body));
    (client, tokens.json())
}

/// The JSON-RPC error code of a `tasks/get` with `token` (0 when it is not an error).
async fn call_code(sim: &Server, token: &str) -> (u16, i64) {
    let reply = post_raw(sim, Some(token), envelope("tasks/get", json!({ "id": "none" })).to_string()).await;
    (reply.status, reply.error_code())
}

#[tokio::test]
async fn metadata_names_every_endpoint_under_the_issuer() {
    let sim = start().await;
    let reply = request(sim.addr(), "GET", "/.well-known/oauth-authorization-server", &[], "").await;
    assert_eq!((reply.status, reply.header("access-control-allow-origin")), (200, Some("*")));
    let metadata = reply.json();
    let issuer = sim.url();
    assert_eq!(metadata["issuer"], issuer);
    for (field, path) in [
        ("authorization_endpoint", "/oauth/authorize"),
        ("token_endpoint", "/oauth/token"),
        ("registration_endpoint", "/oauth/register"),
        ("revocation_endpoint", "/oauth/revoke"),
    ] {
        assert_eq!(metadata[field], format!("{issuer}{path}"), "{field}");
    }
    assert_eq!(metadata["code_challenge_methods_supported"], json!(["S256"]));
    assert_eq!(metadata["token_endpoint_auth_methods_supported"], json!(["none"]));
    let post = request(sim.addr(), "POST", "/.well-known/oauth-authorization-server", &[], "").await;
    assert_eq!(post.status, 405);
    sim.shutdown().await;
}

#[tokio::test]
async fn registration_accepts_public_clients_only() {
    let sim = start().await;
    let body = json!({ "redirect_uris": [CALLBACK], "client_name": "App", "grant_types": ["authorization_code", "refresh_token"] });
    let reply =
        request(sim.addr(), "POST", "/oauth/register", &[("content-type", "application/json")], body.to_string()).await;
    assert_eq!((reply.status, reply.header("cache-control")), (201, Some("no-store")));
    let client = reply.json();
    assert!(client["client_id"].as_str().is_some_and(|id| id.starts_with("client_")));
    assert_eq!(
        (client["token_endpoint_auth_method"].as_str(), client["client_name"].as_str()),
        (Some("none"), Some("App"))
    );
    assert_eq!(client["redirect_uris"], json!([CALLBACK]));
    for (body, error) in [
        (json!({ "redirect_uris": ["http://app.example/cb"] }), "invalid_redirect_uri"),
        (json!({ "client_name": "no uris" }), "invalid_redirect_uri"),
        (
            json!({ "redirect_uris": [CALLBACK], "token_endpoint_auth_method": "client_secret_post" }),
            "invalid_client_metadata",
        ),
    ] {
        let reply = request(sim.addr(), "POST", "/oauth/register", &[], body.to_string()).await;
        assert_eq!((reply.status, reply.json()["error"].as_str()), (400, Some(error)), "{body}");
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn the_consent_page_allows_or_denies() {
    let sim = start().await;
    let client = register(&sim, CALLBACK, "<b>Parish</b> app").await;
    let page = request(
        sim.addr(),
        "GET",
        &format!("/oauth/authorize?{}", authorize_query(&client, CALLBACK, "st-1")),
        &[],
        "",
    )
    .await;
    let html = String::from_utf8(page.body.clone()).unwrap();
    assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(page.header("content-security-policy").is_some_and(|csp| csp.contains("frame-ancestors 'none'")));
    assert!(html.contains("&lt;b&gt;Parish&lt;/b&gt; app") && !html.contains("<b>Parish"), "the name is escaped");
    assert!(html.contains("value=\"allow\"") && html.contains("value=\"deny\""));

    let allowed = consent(&sim, &client, "allow").await;
    assert_eq!(allowed.status, 303);
    let (base, params) = location_params(&allowed);
    assert_eq!(base, CALLBACK);
    assert!(params["code"].starts_with("code_"));
    assert_eq!((params["state"].as_str(), params["iss"].as_str()), ("st-1", sim.url().as_str()));

    let denied = consent(&sim, &client, "deny").await;
    let (_, params) = location_params(&denied);
    assert_eq!((params["error"].as_str(), params["state"].as_str()), ("access_denied", "st-1"));
    assert!(!params.contains_key("code"));

    let used = request(sim.addr(), "POST", "/oauth/authorize", &[FORM], "request=req_unknown&decision=allow").await;
    assert_eq!((used.status, used.header("location")), (400, None));
    sim.shutdown().await;
}

#[tokio::test]
async fn bad_requests_are_refused_on_a_page_or_sent_back_with_an_error() {
    let sim = start().await;
    let client = register(&sim, CALLBACK, "App").await;
    // Unknown client, unregistered redirect URI: a page, never a redirect.
    for query in
        [authorize_query("client_unknown", CALLBACK, "s"), authorize_query(&client, "https://evil.example/cb", "s")]
    {
        let reply = request(sim.addr(), "GET", &format!("/oauth/authorize?{query}"), &[], "").await;
        assert_eq!((reply.status, reply.header("location")), (400, None), "{query}");
    }
    // No PKCE, or plain PKCE: back to the client with invalid_request.
    for drop in ["code_challenge_method=S256", "code_challenge="] {
        let query = authorize_query(&client, CALLBACK, "s")
            .split('&')
            .filter(|p| !p.starts_with(drop))
            .collect::<Vec<_>>()
            .join("&");
        let reply = request(sim.addr(), "GET", &format!("/oauth/authorize?{query}"), &[], "").await;
        let (_, params) = location_params(&reply);
        assert_eq!((reply.status, params["error"].as_str(), params["state"].as_str()), (302, "invalid_request", "s"));
    }
    let implicit = authorize_query(&client, CALLBACK, "s").replace("response_type=code", "response_type=token");
    let reply = request(sim.addr(), "GET", &format!("/oauth/authorize?{implicit}"), &[], "").await;
    assert_eq!(location_params(&reply).1["error"], "unsupported_response_type");
    sim.shutdown().await;
}

#[tokio::test]
async fn auto_approve_redirects_at_once_and_loopback_ports_may_vary() {
    let sim = start_with(|c| c.auto_approve = true).await;
    let client = register(&sim, "http://127.0.0.1/callback", "CLI").await;
    let query = authorize_query(&client, "http://127.0.0.1:49152/callback", "s");
    let reply = request(sim.addr(), "GET", &format!("/oauth/authorize?{query}"), &[], "").await;
    let (base, params) = location_params(&reply);
    assert_eq!((reply.status, base.as_str()), (302, "http://127.0.0.1:49152/callback"));
    assert!(params["code"].starts_with("code_"));
    sim.shutdown().await;
}

#[tokio::test]
async fn a_code_needs_its_verifier_and_works_once() {
    let sim = start().await;
    let client = register(&sim, CALLBACK, "App").await;
    let (_, params) = location_params(&consent(&sim, &client, "allow").await);
    let code = &params["code"];
    let wrong = token(
        &sim,
        &[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", CALLBACK),
            ("client_id", &client),
            ("code_verifier", &"x".repeat(43)),
        ],
    )
    .await;
    assert_eq!((wrong.status, wrong.json()["error"].as_str()), (400, Some("invalid_grant")));
    let tokens = exchange(&sim, &client, code).await;
    assert_eq!((tokens.status, tokens.header("cache-control")), (200, Some("no-store")));
    let body = tokens.json();
    assert_eq!((body["token_type"].as_str(), body["expires_in"].as_u64()), (Some("Bearer"), Some(3600)));
    let access = body["access_token"].as_str().unwrap();
    assert_eq!(call_code(&sim, access).await, (200, -32001), "the token is accepted: the task is unknown");
    let again = exchange(&sim, &client, code).await;
    assert_eq!(again.json()["error"], "invalid_grant");
    assert_eq!(call_code(&sim, access).await, (401, -32004), "a reused code revokes its tokens");
    let unsupported = token(&sim, &[("grant_type", "password"), ("client_id", &client)]).await;
    assert_eq!(unsupported.json()["error"], "unsupported_grant_type");
    sim.shutdown().await;
}

#[tokio::test]
async fn access_tokens_expire_and_refresh_tokens_rotate() {
    let sim = start_with(|c| c.access_token_ttl_secs = 60).await;
    let (client, first) = signed_in(&sim).await;
    let access = first["access_token"].as_str().unwrap();
    assert_eq!(first["expires_in"], 60);
    sim.advance(Duration::from_secs(60)).await;
    let expired = post_raw(&sim, Some(access), envelope("tasks/get", json!({ "id": "none" })).to_string()).await;
    assert_eq!((expired.status, expired.error_code()), (401, -32004));
    assert_eq!(expired.json()["error"]["data"]["detail"], "the access token has expired");
    assert_eq!(call_code(&sim, "demo-token").await, (200, -32001), "demo-token keeps working");

    let second = refresh(&sim, &client, first["refresh_token"].as_str().unwrap()).await.json();
    let fresh = second["access_token"].as_str().unwrap();
    assert_ne!(second["refresh_token"], first["refresh_token"]);
    assert_eq!(call_code(&sim, fresh).await, (200, -32001));

    let reused = refresh(&sim, &client, first["refresh_token"].as_str().unwrap()).await;
    assert_eq!((reused.status, reused.json()["error"].as_str()), (400, Some("invalid_grant")));
    assert_eq!(call_code(&sim, fresh).await, (401, -32004), "reusing a rotated refresh token revokes the grant");
    let after = refresh(&sim, &client, second["refresh_token"].as_str().unwrap()).await;
    assert_eq!(after.json()["error"], "invalid_grant");
    sim.shutdown().await;
}

#[tokio::test]
async fn revoking_the_refresh_token_ends_the_grant() {
    let sim = start().await;
    let (client, tokens) = signed_in(&sim).await;
    let refresh_token = tokens["refresh_token"].as_str().unwrap();
    let form = format!("token={refresh_token}&token_type_hint=refresh_token&client_id={client}");
    let revoked = request(sim.addr(), "POST", "/oauth/revoke", &[FORM], form).await;
    assert_eq!((revoked.status, revoked.header("access-control-allow-origin")), (200, Some("*")));
    assert_eq!(call_code(&sim, tokens["access_token"].as_str().unwrap()).await, (401, -32004));
    assert_eq!(refresh(&sim, &client, refresh_token).await.json()["error"], "invalid_grant");
    let unknown = request(sim.addr(), "POST", "/oauth/revoke", &[FORM], format!("token=nope&client_id={client}")).await;
    assert_eq!(unknown.status, 200, "an unknown token is no error (RFC 7009 §2.2)");
    sim.shutdown().await;
}

#[tokio::test]
async fn the_cors_less_flag_leaves_registration_to_native_clients() {
    let sim = start_with(|c| c.no_registration_cors = true).await;
    let preflight = [
        ("origin", "http://127.0.0.1:5173"),
        ("access-control-request-method", "POST"),
        ("access-control-request-headers", "content-type"),
    ];
    let refused = request(sim.addr(), "OPTIONS", "/oauth/register", &preflight, "").await;
    assert_eq!(refused.header("access-control-allow-origin"), None);
    let client = register(&sim, CALLBACK, "App").await;
    let token_preflight = request(sim.addr(), "OPTIONS", "/oauth/token", &preflight, "").await;
    assert_eq!(token_preflight.header("access-control-allow-origin"), Some("*"));
    let (_, params) = location_params(&consent(&sim, &client, "allow").await);
    let tokens = exchange(&sim, &client, &params["code"]).await;
    assert_eq!((tokens.status, tokens.header("access-control-allow-origin")), (200, Some("*")));
    let registration =
        request(sim.addr(), "POST", "/oauth/register", &[], json!({ "redirect_uris": [CALLBACK] }).to_string()).await;
    assert_eq!((registration.status, registration.header("access-control-allow-origin")), (201, None));
    sim.shutdown().await;
}

#[tokio::test]
async fn reset_forgets_clients_and_grants() {
    let sim = start().await;
    let (_, tokens) = signed_in(&sim).await;
    control(&sim, "POST", "reset", json!({})).await;
    assert_eq!(call_code(&sim, tokens["access_token"].as_str().unwrap()).await, (401, -32004));
    sim.shutdown().await;
}
