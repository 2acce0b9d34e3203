//! Bearer tokens: extraction from the `Authorization` header and the registry of known tokens.

use std::collections::HashMap;

use http::HeaderMap;
use http::header::AUTHORIZATION;

use crate::rate::{Pool, RateLimit};

/// The plan a token belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Pro, Organization or Enterprise: may call A2A.
    Paid,
    /// A valid user on a free plan: refused with -32005.
    Free,
}

/// What the simulator knows about one token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TokenInfo {
    pub(crate) plan: Plan,
    pub(crate) rate_default: RateLimit,
    pub(crate) rate_expensive: RateLimit,
}

impl TokenInfo {
    /// The ceiling for `pool`.
    pub(crate) fn limit(&self, pool: Pool) -> RateLimit {
        match pool {
            Pool::Default => self.rate_default,
            Pool::Expensive => self.rate_expensive,
        }
    }
}

/// Tokens from the command line plus tokens registered at run time (which a reset forgets).
#[derive(Debug)]
pub(crate) struct TokenRegistry {
    configured: HashMap<String, TokenInfo>,
    registered: HashMap<String, TokenInfo>,
}

impl TokenRegistry {
    /// A registry holding the configured tokens.
    pub(crate) fn new(configured: HashMap<String, TokenInfo>) -> TokenRegistry {
        TokenRegistry { configured, registered: HashMap::new() }
    }

    /// Looks a token up; run-time registrations shadow configured tokens.
    pub(crate) fn get(&self, token: &str) -> Option<TokenInfo> {
        self.registered.get(token).or_else(|| self.configured.get(token)).copied()
    }

    /// Registers (or replaces) a run-time token.
    pub(crate) fn register(&mut self, token: String, info: TokenInfo) {
        self.registered.insert(token, info);
    }

    /// Forgets the run-time tokens.
    pub(crate) fn clear_registered(&mut self) {
        self.registered.clear();
    }
}

/// The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), if well formed.
pub(crate) fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::header::HeaderValue;

    fn headers(value: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(AUTHORIZATION, HeaderValue::from_static(value));
        h
    }

    #[test]
    fn extracts_bearer_tokens() {
        assert_eq!(bearer_token(&headers("Bearer abc")), Some("abc"));
        assert_eq!(bearer_token(&headers("bEaReR   abc ")), Some("abc"));
        assert_eq!(bearer_token(&headers("Basic abc")), None);
        assert_eq!(bearer_token(&headers("Bearer")), None);
        assert_eq!(bearer_token(&headers("Bearer  ")), None);
        assert_eq!(bearer_token(&HeaderMap::new()), None);
    }
}
