//! The authorization server's paths.

/// RFC 8414's well-known path (for an issuer without a path).
pub(crate) const METADATA_PATH: &str = "/.well-known/oauth-authorization-server";
/// The authorization endpoint.
pub(crate) const AUTHORIZE_PATH: &str = "/oauth/authorize";
/// The token endpoint.
pub(crate) const TOKEN_PATH: &str = "/oauth/token";
/// The registration endpoint.
pub(crate) const REGISTER_PATH: &str = "/oauth/register";
/// The revocation endpoint.
pub(crate) const REVOKE_PATH: &str = "/oauth/revoke";
