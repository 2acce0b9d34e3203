//! Unguessable values: client ids, consent request ids, codes and tokens.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::ids::uuid;

/// `prefix` and 32 random bytes from the operating system, base64url-encoded
/// (two random UUIDs in the unlikely case the system has no randomness to give).
pub(crate) fn secret(prefix: &str) -> String {
    let mut bytes = [0u8; 32];
    match getrandom::getrandom(&mut bytes) {
        Ok(()) => format!("{prefix}{}", URL_SAFE_NO_PAD.encode(bytes)),
        Err(_) => format!("{prefix}{}{}", uuid().replace('-', ""), uuid().replace('-', "")),
    }
}

#[cfg(test)]
mod tests {
    use super::secret;

    #[test]
    fn secrets_are_prefixed_distinct_and_url_safe() {
        let (a, b) = (secret("at_"), secret("at_"));
        assert_ne!(a, b);
        assert!(a.starts_with("at_") && a.len() == 3 + 43, "{a}");
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric() || "-_".contains(c)), "{a}");
    }
}
