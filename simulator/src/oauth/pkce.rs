//! PKCE (RFC 7636), `S256` only: the shape of a challenge and of a verifier,
//! and whether a verifier answers a challenge.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// A verifier: 43 to 128 characters of `[A-Za-z0-9-._~]` (RFC 7636 §4.1).
pub(crate) fn is_verifier(text: &str) -> bool {
    (43..=128).contains(&text.len()) && text.chars().all(|c| c.is_ascii_alphanumeric() || "-._~".contains(c))
}

/// An `S256` challenge: the base64url SHA-256 of a verifier, 43 characters.
pub(crate) fn is_s256_challenge(text: &str) -> bool {
    text.len() == 43 && text.chars().all(|c| c.is_ascii_alphanumeric() || "-_".contains(c))
}

/// `BASE64URL(SHA256(verifier)) == challenge` for a well-formed verifier.
pub(crate) fn verifies(verifier: &str, challenge: &str) -> bool {
    is_verifier(verifier) && URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())) == challenge
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rfc_7636_example_verifies() {
        // RFC 7636, Appendix B.
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
        let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
        assert!(is_verifier(verifier) && is_s256_challenge(challenge));
        assert!(verifies(verifier, challenge));
        assert!(!verifies(verifier, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cN"));
        assert!(!verifies("too-short", challenge));
        assert!(!is_s256_challenge("plain-challenge"));
        assert!(!is_verifier(&"a".repeat(129)));
        assert!(!is_verifier(&format!("{}!", "a".repeat(43))));
    }
}
