//! The authorization server's memory: registered clients, sign-ins waiting
//! on the consent page, authorization codes, and grants with their access and
//! refresh tokens. Every rule about them is here; the endpoints only read and
//! write HTTP. Times are the simulator clock's.

use std::collections::HashMap;
use std::time::{Duration, SystemTime};

use super::pkce;
use super::secret::secret;

/// Most clients kept: registration is open, so memory is bounded.
const MAX_CLIENTS: usize = 10_000;
/// How long a consent page may wait for Allow or Deny.
const REQUEST_TTL: Duration = Duration::from_secs(600);
/// How long an authorization code may wait for its exchange.
const CODE_TTL: Duration = Duration::from_secs(60);

/// A registered public client.
#[derive(Clone, Debug)]
pub(crate) struct RegisteredClient {
    /// `client_name`, if it sent one.
    pub(crate) name: Option<String>,
    /// `redirect_uris`.
    pub(crate) redirect_uris: Vec<String>,
}

/// A checked authorization request: what a code is issued for.
#[derive(Clone, Debug)]
pub(crate) struct AuthRequest {
    pub(crate) client_id: String,
    /// The redirect URI as the request gave it (the token request must repeat it).
    pub(crate) redirect_uri: String,
    pub(crate) state: Option<String>,
    /// An `S256` challenge.
    pub(crate) code_challenge: String,
    pub(crate) scope: Option<String>,
    /// The issuer the request reached (the `iss` of the response).
    pub(crate) issuer: String,
}

/// An OAuth error answer: the `error` code, its description and HTTP status.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct OAuthError {
    pub(crate) error: &'static str,
    pub(crate) description: String,
    pub(crate) status: u16,
}

impl OAuthError {
    /// A 400 with `error`.
    pub(crate) fn new(error: &'static str, description: impl Into<String>) -> OAuthError {
        OAuthError { error, description: description.into(), status: 400 }
    }

    fn invalid_grant(description: &str) -> OAuthError {
        OAuthError::new("invalid_grant", description)
    }
}

/// What the token endpoint answers.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Tokens {
    pub(crate) access_token: String,
    pub(crate) refresh_token: String,
    pub(crate) expires_in: u64,
    pub(crate) scope: Option<String>,
}

/// What an access token is worth at the A2A endpoint.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Access {
    /// Issued here, not expired, its grant not revoked.
    Valid,
    /// Issued here, past its lifetime.
    Expired,
    /// Not an access token of a live grant.
    Unknown,
}

#[derive(Debug)]
struct AuthorizationCode {
    request: AuthRequest,
    issued: SystemTime,
    /// Once exchanged: the grant it made (a second exchange revokes it).
    grant: Option<u64>,
}

#[derive(Debug)]
struct Grant {
    client_id: String,
    scope: Option<String>,
}

#[derive(Debug)]
struct AccessToken {
    grant: u64,
    expires: SystemTime,
}

#[derive(Debug)]
struct RefreshToken {
    grant: u64,
    /// Already exchanged for a new pair: using it again revokes the grant.
    rotated: bool,
}

/// Everything the authorization server remembers.
#[derive(Debug)]
pub(crate) struct OAuthStore {
    access_ttl: Duration,
    clients: HashMap<String, RegisteredClient>,
    requests: HashMap<String, (AuthRequest, SystemTime)>,
    codes: HashMap<String, AuthorizationCode>,
    grants: HashMap<u64, Grant>,
    access: HashMap<String, AccessToken>,
    refresh: HashMap<String, RefreshToken>,
    next_grant: u64,
}

impl OAuthStore {
    /// An empty store issuing access tokens that live `access_ttl`.
    pub(crate) fn new(access_ttl: Duration) -> OAuthStore {
        OAuthStore {
            access_ttl,
            clients: HashMap::new(),
            requests: HashMap::new(),
            codes: HashMap::new(),
            grants: HashMap::new(),
            access: HashMap::new(),
            refresh: HashMap::new(),
            next_grant: 1,
        }
    }

    /// Registers a client; its `client_id`.
    pub(crate) fn register(&mut self, client: RegisteredClient) -> Result<String, OAuthError> {
        if self.clients.len() >= MAX_CLIENTS {
            return Err(OAuthError::new(
                "invalid_client_metadata",
                "too many clients registered (reset the simulator)",
            ));
        }
        let id = secret("client_");
        self.clients.insert(id.clone(), client);
        Ok(id)
    }

    /// The client with this id.
    pub(crate) fn client(&self, id: &str) -> Option<&RegisteredClient> {
        self.clients.get(id)
    }

    /// Keeps a checked request until the consent page answers; its id.
    pub(crate) fn hold(&mut self, request: AuthRequest, now: SystemTime) -> String {
        self.requests.retain(|_, (_, at)| alive(*at, REQUEST_TTL, now));
        let id = secret("req_");
        self.requests.insert(id.clone(), (request, now));
        id
    }

    /// The held request with this id, once (Allow and Deny both use it up).
    pub(crate) fn take(&mut self, id: &str, now: SystemTime) -> Option<AuthRequest> {
        self.requests.remove(id).filter(|(_, at)| alive(*at, REQUEST_TTL, now)).map(|(request, _)| request)
    }

    /// An authorization code for an allowed request.
    pub(crate) fn issue_code(&mut self, request: AuthRequest, now: SystemTime) -> String {
        self.codes.retain(|_, code| code.grant.is_some() || alive(code.issued, CODE_TTL, now));
        let code = secret("code_");
        self.codes.insert(code.clone(), AuthorizationCode { request, issued: now, grant: None });
        code
    }

    /// The `authorization_code` grant: the code, for the client and redirect
    /// URI it was issued to, with the PKCE verifier of its challenge. A code
    /// used twice is refused and its first tokens revoked (RFC 6749 §4.1.2).
    pub(crate) fn exchange_code(
        &mut self,
        code: &str,
        client_id: &str,
        redirect_uri: &str,
        verifier: &str,
        now: SystemTime,
    ) -> Result<Tokens, OAuthError> {
        let entry = self.codes.get_mut(code).ok_or_else(|| OAuthError::invalid_grant("unknown authorization code"))?;
        if let Some(grant) = entry.grant {
            self.revoke_grant(grant);
            return Err(OAuthError::invalid_grant("authorization code already used: its tokens are revoked"));
        }
        if !alive(entry.issued, CODE_TTL, now) {
            return Err(OAuthError::invalid_grant("authorization code expired"));
        }
        let request = &entry.request;
        if request.client_id != client_id {
            return Err(OAuthError::invalid_grant("authorization code issued to another client"));
        }
        if request.redirect_uri != redirect_uri {
            return Err(OAuthError::invalid_grant("redirect_uri differs from the authorization request's"));
        }
        if !pkce::verifies(verifier, &request.code_challenge) {
            return Err(OAuthError::invalid_grant("code_verifier does not match the code_challenge"));
        }
        let grant = self.next_grant;
        self.next_grant += 1;
        let scope = request.scope.clone();
        entry.grant = Some(grant);
        self.grants.insert(grant, Grant { client_id: client_id.to_owned(), scope: scope.clone() });
        Ok(self.tokens_for(grant, scope, now))
    }

    /// The `refresh_token` grant, with rotation: the token is exchanged for a
    /// new pair once; presenting it again revokes the whole grant.
    pub(crate) fn refresh(&mut self, token: &str, client_id: &str, now: SystemTime) -> Result<Tokens, OAuthError> {
        let entry = self.refresh.get_mut(token).ok_or_else(|| OAuthError::invalid_grant("unknown refresh token"))?;
        let grant = entry.grant;
        let Some(owner) = self.grants.get(&grant) else {
            return Err(OAuthError::invalid_grant("the grant was revoked"));
        };
        if owner.client_id != client_id {
            return Err(OAuthError::invalid_grant("refresh token issued to another client"));
        }
        if entry.rotated {
            self.revoke_grant(grant);
            return Err(OAuthError::invalid_grant("refresh token already used: the grant is revoked"));
        }
        entry.rotated = true;
        let scope = owner.scope.clone();
        Ok(self.tokens_for(grant, scope, now))
    }

    /// RFC 7009: a refresh token revokes its grant, an access token itself.
    /// Tokens of another client are refused; unknown tokens are ignored.
    pub(crate) fn revoke(&mut self, token: &str, client_id: &str) -> Result<(), OAuthError> {
        let grant = match (self.refresh.get(token), self.access.get(token)) {
            (Some(refresh), _) => refresh.grant,
            (None, Some(access)) => access.grant,
            (None, None) => return Ok(()),
        };
        if self.grants.get(&grant).is_some_and(|g| g.client_id != client_id) {
            return Err(OAuthError::new("unauthorized_client", "the token was issued to another client"));
        }
        if self.refresh.contains_key(token) {
            self.revoke_grant(grant);
        } else {
            self.access.remove(token);
        }
        Ok(())
    }

    /// What `token` is worth at the A2A endpoint now.
    pub(crate) fn access(&self, token: &str, now: SystemTime) -> Access {
        match self.access.get(token) {
            Some(access) if !self.grants.contains_key(&access.grant) => Access::Unknown,
            Some(access) if now < access.expires => Access::Valid,
            Some(_) => Access::Expired,
            None => Access::Unknown,
        }
    }

    /// Forgets everything (`/_sim/reset`).
    pub(crate) fn clear(&mut self) {
        *self = OAuthStore::new(self.access_ttl);
    }

    /// A new access token and refresh token for `grant`, dropping expired access tokens.
    fn tokens_for(&mut self, grant: u64, scope: Option<String>, now: SystemTime) -> Tokens {
        self.access.retain(|_, access| now < access.expires);
        let access_token = secret("at_");
        let refresh_token = secret("rt_");
        self.access.insert(access_token.clone(), AccessToken { grant, expires: now + self.access_ttl });
        self.refresh.insert(refresh_token.clone(), RefreshToken { grant, rotated: false });
        Tokens { access_token, refresh_token, expires_in: self.access_ttl.as_secs(), scope }
    }

    /// Revokes `grant`: every token issued under it stops working.
    fn revoke_grant(&mut self, grant: u64) {
        self.grants.remove(&grant);
        self.access.retain(|_, access| access.grant != grant);
        self.refresh.retain(|_, refresh| refresh.grant != grant);
    }
}

/// Whether something made `at` is still within `ttl` at `now`.
fn alive(at: SystemTime, ttl: Duration, now: SystemTime) -> bool {
    now.duration_since(at).unwrap_or(Duration::ZERO) < ttl
}

#[cfg(test)]
mod tests {
    use super::*;

    const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const CHALLENGE: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    const CB: &str = "http://127.0.0.1:9/cb";

    fn now() -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(1_773_909_000)
    }

    /// A store with one client and one allowed request; (store, client id, code).
    fn with_code() -> (OAuthStore, String, String) {
        let mut store = OAuthStore::new(Duration::from_secs(60));
        let client = RegisteredClient { name: None, redirect_uris: vec![CB.to_owned()] };
        let id = store.register(client).unwrap();
        let request = AuthRequest {
            client_id: id.clone(),
            redirect_uri: CB.to_owned(),
            state: Some("s".to_owned()),
            code_challenge: CHALLENGE.to_owned(),
            scope: None,
            issuer: "http://127.0.0.1:1".to_owned(),
        };
        let held = store.hold(request, now());
        let request = store.take(&held, now()).unwrap();
        assert!(store.take(&held, now()).is_none(), "a consent request is used once");
        let code = store.issue_code(request, now());
        (store, id, code)
    }

    #[test]
    fn a_code_is_exchanged_once_with_its_verifier() {
        let (mut store, id, code) = with_code();
        let wrong = |store: &mut OAuthStore, client: &str, uri: &str, verifier: &str| {
            store.exchange_code(&code, client, uri, verifier, now()).unwrap_err().error
        };
        assert_eq!(wrong(&mut store, "other", CB, VERIFIER), "invalid_grant");
        assert_eq!(wrong(&mut store, &id, "http://127.0.0.1:9/other", VERIFIER), "invalid_grant");
        assert_eq!(wrong(&mut store, &id, CB, &"x".repeat(43)), "invalid_grant");
        let tokens = store.exchange_code(&code, &id, CB, VERIFIER, now()).unwrap();
        assert_eq!((tokens.expires_in, store.access(&tokens.access_token, now())), (60, Access::Valid));
        let again = store.exchange_code(&code, &id, CB, VERIFIER, now()).unwrap_err();
        assert!(again.description.contains("already used"));
        assert_eq!(store.access(&tokens.access_token, now()), Access::Unknown, "a reused code revokes its tokens");
    }

    #[test]
    fn a_code_expires() {
        let (mut store, id, code) = with_code();
        let late = now() + CODE_TTL;
        assert!(store.exchange_code(&code, &id, CB, VERIFIER, late).unwrap_err().description.contains("expired"));
    }

    #[test]
    fn access_tokens_expire_on_the_clock() {
        let (mut store, id, code) = with_code();
        let tokens = store.exchange_code(&code, &id, CB, VERIFIER, now()).unwrap();
        assert_eq!(store.access(&tokens.access_token, now() + Duration::from_secs(59)), Access::Valid);
        assert_eq!(store.access(&tokens.access_token, now() + Duration::from_secs(60)), Access::Expired);
        assert_eq!(store.access("at_nope", now()), Access::Unknown);
    }

    #[test]
    fn refresh_rotates_and_a_reused_refresh_token_revokes_the_grant() {
        let (mut store, id, code) = with_code();
        let first = store.exchange_code(&code, &id, CB, VERIFIER, now()).unwrap();
        assert_eq!(store.refresh(&first.refresh_token, "other", now()).unwrap_err().error, "invalid_grant");
        let second = store.refresh(&first.refresh_token, &id, now()).unwrap();
        assert_ne!(second.refresh_token, first.refresh_token);
        assert_eq!(
            store.access(&first.access_token, now()),
            Access::Valid,
            "rotation does not end older access tokens"
        );
        let reused = store.refresh(&first.refresh_token, &id, now()).unwrap_err();
        assert!(reused.description.contains("already used"), "{reused:?}");
        assert_eq!(store.access(&second.access_token, now()), Access::Unknown);
        assert_eq!(store.refresh(&second.refresh_token, &id, now()).unwrap_err().error, "invalid_grant");
    }

    #[test]
    fn revoking_a_refresh_token_ends_the_grant_an_access_token_itself() {
        let (mut store, id, code) = with_code();
        let tokens = store.exchange_code(&code, &id, CB, VERIFIER, now()).unwrap();
        assert_eq!(store.revoke(&tokens.access_token, "other").unwrap_err().error, "unauthorized_client");
        store.revoke(&tokens.access_token, &id).unwrap();
        assert_eq!(store.access(&tokens.access_token, now()), Access::Unknown);
        let fresh = store.refresh(&tokens.refresh_token, &id, now()).unwrap();
        store.revoke(&fresh.refresh_token, &id).unwrap();
        assert_eq!(store.access(&fresh.access_token, now()), Access::Unknown);
        assert_eq!(store.refresh(&fresh.refresh_token, &id, now()).unwrap_err().error, "invalid_grant");
        store.revoke("unknown", &id).unwrap();
    }
}
