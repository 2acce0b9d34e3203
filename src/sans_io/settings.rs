//! A client's options checked into its settings, and what a token provider's
//! answer must be: the rules every client (the JS classes, the Rust client)
//! applies, whatever form its options come in. Every refusal is INVALID_INPUT.

use super::error::{CallError, ErrorCode};
use super::pacing::{Pacer, Rate};
use super::retry::RetryPolicy;
use super::text::{cat, is_whole};
use super::validate::{self, Endpoint};
use alloc::string::String;

/// The default time limit of a call.
pub const DEFAULT_TIMEOUT_MS: u32 = 30_000;

/// The default `maxResponseBytes`: far above any real answer (~100 KB).
pub const DEFAULT_MAX_RESPONSE_BYTES: f64 = 10.0 * 1024.0 * 1024.0;

/// How a client authenticates; `P` is the platform's token provider.
#[derive(Clone, Debug, PartialEq)]
pub enum Auth<P> {
    /// No `Authorization` header (e.g. a proxy that adds it).
    None,
    /// A fixed token.
    Token(String),
    /// Asked for the token before a call's first request, and again once
    /// after an UNAUTHORIZED answer.
    Provider(P),
}

/// The options' names as the caller of a layer writes them (`timeoutMs` in
/// JS, `.timeout()` in Rust), for its refusals: the rules are the core's, the
/// words each layer's. Each layer passes its own table ([`OptionNames::JS`],
/// [`OptionNames::RUST`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionNames {
    /// The fixed token (`token`).
    pub token: &'static str,
    /// A call's time limit (`timeoutMs`).
    pub timeout: &'static str,
    /// The retry count (`maxRetries`).
    pub max_retries: &'static str,
    /// The longest rate-limit wait (`maxRetryWaitMs`).
    pub max_retry_wait: &'static str,
    /// The response bound (`maxResponseBytes`).
    pub max_response_bytes: &'static str,
    /// True when the caller gives time limits as durations, not as numbers
    /// of milliseconds: a refusal then says its bounds in `ms`
    /// ([`validate::duration_ms`]).
    pub durations: bool,
}

impl OptionNames {
    /// The npm package's names (its `ClientOptions`), which its crate passes.
    pub const JS: OptionNames = OptionNames {
        token: "token",
        timeout: "timeoutMs",
        max_retries: "maxRetries",
        max_retry_wait: "maxRetryWaitMs",
        max_response_bytes: "maxResponseBytes",
        durations: false,
    };

    /// The Rust builders' setters, which the Rust client passes.
    pub const RUST: OptionNames = OptionNames {
        token: ".token()",
        timeout: ".timeout()",
        max_retries: ".max_retries()",
        max_retry_wait: ".max_retry_wait()",
        max_response_bytes: ".max_response_bytes()",
        durations: true,
    };

    /// The time limit `value` (milliseconds) of the option `what`, checked ([`validate::timeout_ms`]).
    pub fn time_limit<V>(&self, what: &str, value: f64) -> Result<u32, CallError<V>> {
        if self.durations { validate::duration_ms(what, value) } else { validate::timeout_ms(what, value) }
    }
}

/// A client's options as the caller gave them, numbers not yet checked
/// (named in the refusals as `names` says).
#[derive(Clone, Debug, PartialEq)]
pub struct Options<'a, P> {
    /// How the caller names the options.
    pub names: &'static OptionNames,
    /// Where requests go, already parsed.
    pub endpoint: Endpoint,
    /// `token`.
    pub token: Option<String>,
    /// `tokenProvider`.
    pub token_provider: Option<P>,
    /// `timeoutMs`.
    pub timeout_ms: Option<f64>,
    /// `maxRetries`.
    pub max_retries: Option<f64>,
    /// `maxRetryWaitMs`.
    pub max_retry_wait_ms: Option<f64>,
    /// `rateLimit.default`, e.g. `"15/min"`.
    pub rate_default: Option<&'a str>,
    /// `rateLimit.expensive`, e.g. `"2/min"`.
    pub rate_expensive: Option<&'a str>,
    /// `maxResponseBytes`.
    pub max_response_bytes: Option<f64>,
}

impl<P> Options<'_, P> {
    /// Options for `endpoint` with every other option absent, named in refusals as `names` says.
    pub fn new(endpoint: Endpoint, names: &'static OptionNames) -> Self {
        Options {
            names,
            endpoint,
            token: None,
            token_provider: None,
            timeout_ms: None,
            max_retries: None,
            max_retry_wait_ms: None,
            rate_default: None,
            rate_expensive: None,
            max_response_bytes: None,
        }
    }
}

/// A client's settings, checked.
#[derive(Clone, Debug)]
pub struct Settings<P> {
    /// Where requests go.
    pub endpoint: Endpoint,
    /// The token or its provider.
    pub auth: Auth<P>,
    /// The default per-call timeout.
    pub timeout_ms: u32,
    /// The retry policy.
    pub policy: RetryPolicy,
    /// The client-side limiter (`rateLimit`); unpaced when absent.
    pub pacer: Pacer,
    /// The largest response body read, in bytes.
    pub max_response_bytes: f64,
}

impl<P> Options<'_, P> {
    /// Checks the options: a token or a provider (not both), never over plain
    /// `http:` off the machine; numbers whole and in range; rates that parse.
    pub fn check<V>(self) -> Result<Settings<P>, CallError<V>> {
        let names = self.names;
        let auth = match (self.token, self.token_provider) {
            // Only JS can give both (a Rust `Credential` is one or the other).
            (Some(_), Some(_)) => return Err(CallError::invalid_input("give either token or tokenProvider, not both")),
            (Some(token), None) if token.trim().is_empty() => {
                return Err(validate::blank(names.token));
            }
            (Some(token), None) => {
                validate::header_token(&token)?;
                Auth::Token(token)
            }
            (None, Some(provider)) => Auth::Provider(provider),
            (None, None) => Auth::None,
        };
        validate::token_transport(&self.endpoint, !matches!(auth, Auth::None))?;
        let mut policy = RetryPolicy::default();
        if let Some(n) = self.max_retries {
            policy.max_retries = validate::max_retries(names.max_retries, n)?;
        }
        if let Some(ms) = self.max_retry_wait_ms {
            policy.max_retry_wait_ms = f64::from(names.time_limit(names.max_retry_wait, ms)?);
        }
        let timeout_ms =
            self.timeout_ms.map(|ms| names.time_limit(names.timeout, ms)).transpose()?.unwrap_or(DEFAULT_TIMEOUT_MS);
        let max_response_bytes = match self.max_response_bytes {
            Some(bytes) if is_whole(bytes) && bytes >= 1.0 => bytes,
            Some(_) => {
                let why = cat(&[names.max_response_bytes, " must be a whole number of bytes, at least 1"]);
                return Err(CallError::invalid_input(why));
            }
            None => DEFAULT_MAX_RESPONSE_BYTES,
        };
        let rate = |text: Option<&str>| text.map(Rate::parse).transpose();
        let pacer = Pacer::new(rate(self.rate_default)?, rate(self.rate_expensive)?);
        Ok(Settings { endpoint: self.endpoint, auth, timeout_ms, policy, pacer, max_response_bytes })
    }
}

/// The token a provider answered (`None`: it answered something that is not
/// a string): a non-empty string that fits a header value, else UNAUTHORIZED.
pub fn provided_token<V>(answer: Option<String>) -> Result<String, CallError<V>> {
    match answer {
        Some(token) if !token.trim().is_empty() => validate::header_token(&token).map(|()| token),
        _ => Err(CallError::new(
            ErrorCode::Unauthorized,
            "tokenProvider returned no token (it must return a non-empty string)",
        )),
    }
}

/// The error for a provider that failed (threw, rejected, returned an error): UNAUTHORIZED with its failure as the cause.
pub fn provider_failed<V>(cause: Option<V>) -> CallError<V> {
    CallError::new(ErrorCode::Unauthorized, "tokenProvider failed").with_cause(cause)
}

/// The error for a provider that failed with an error of this package's own
/// kind (a `MagisteriumError` with `code` and `message`): a sign-in error
/// (SIGN_IN_REQUIRED, SIGN_IN_FAILED, from the sign-in helper) ends the call
/// with its code and message, the thrown error as the cause; any other is a
/// failure like every other ([`provider_failed`]).
pub fn provider_failed_with<V>(code: &str, message: String, cause: Option<V>) -> CallError<V> {
    let code = match code {
        "SIGN_IN_REQUIRED" => ErrorCode::SignInRequired,
        "SIGN_IN_FAILED" => ErrorCode::SignInFailed,
        _ => return provider_failed(cause),
    };
    CallError::new(code, message).with_cause(cause)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::borrow::ToOwned;

    type E = CallError<()>;

    fn options(url: &str) -> Options<'static, ()> {
        Options::new(validate::endpoint::<()>("endpoint", url, crate::url_parser::parse).unwrap(), &OptionNames::JS)
    }

    fn refusal(o: Options<'_, ()>) -> String {
        let e: E = o.check().unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidInput);
        e.message.clone()
    }

    #[test]
    fn defaults_apply_when_nothing_is_given() {
        let s = options("https://x.example/a2a").check::<()>().unwrap();
        assert_eq!(s.auth, Auth::None);
        assert_eq!((s.timeout_ms, s.max_response_bytes), (DEFAULT_TIMEOUT_MS, DEFAULT_MAX_RESPONSE_BYTES));
        assert_eq!(s.policy, RetryPolicy::default());
    }

    #[test]
    fn every_option_is_read() {
        let o = Options {
            token: Some("tok-123456".to_owned()),
            timeout_ms: Some(5_000.0),
            max_retries: Some(0.0),
            max_retry_wait_ms: Some(2_000.0),
            rate_default: Some("2/s"),
            rate_expensive: Some("1/min"),
            max_response_bytes: Some(100.0),
            ..options("https://x.example/a2a")
        };
        let mut s = o.check::<()>().unwrap();
        assert_eq!(s.auth, Auth::Token("tok-123456".to_owned()));
        assert_eq!((s.timeout_ms, s.policy.max_retries, s.policy.max_retry_wait_ms), (5_000, 0, 2_000.0));
        assert_eq!(s.max_response_bytes, 100.0);
        let expensive = crate::sans_io::pacing::Pool::Expensive;
        s.pacer.reserve(expensive, 0.0);
        assert_eq!(s.pacer.reserve(expensive, 0.0).map(|slot| slot.at_ms()), Some(60_100.0));
    }

    #[test]
    fn bad_options_are_refused_before_any_request() {
        let both = Options { token: Some("t".to_owned()), token_provider: Some(()), ..options("https://x/") };
        assert!(refusal(both).contains("not both"));
        assert!(refusal(Options { token: Some("  ".to_owned()), ..options("https://x/") }).contains("empty"));
        assert!(refusal(Options { token: Some("a\nb".to_owned()), ..options("https://x/") }).contains("header"));
        let clear = Options { token_provider: Some(()), ..options("http://remote.example/a2a") };
        assert!(refusal(clear).contains("plain http"));
        assert!(refusal(Options { max_retries: Some(11.0), ..options("https://x/") }).contains("maxRetries"));
        assert!(refusal(Options { timeout_ms: Some(0.0), ..options("https://x/") }).contains("timeoutMs"));
        assert!(refusal(Options { max_retry_wait_ms: Some(-1.0), ..options("https://x/") }).contains("maxRetryWaitMs"));
        assert!(
            refusal(Options { max_response_bytes: Some(0.5), ..options("https://x/") }).contains("maxResponseBytes")
        );
        assert!(refusal(Options { rate_expensive: Some("often"), ..options("https://x/") }).contains("often"));
        let local = Options { token: Some("tok".to_owned()), ..options("http://127.0.0.1:9/a2a") };
        let rust = |o: Options<'static, ()>| refusal(Options { names: &OptionNames::RUST, ..o });
        assert_eq!(
            rust(Options { timeout_ms: Some(0.0), ..options("https://x/") }),
            ".timeout() must be a whole number from 1 ms to 2147483647 ms"
        );
        assert!(
            rust(Options { max_retry_wait_ms: Some(0.0), ..options("https://x/") }).starts_with(".max_retry_wait()")
        );
        assert!(local.check::<()>().is_ok(), "a token may go to loopback over http:");
    }

    #[test]
    fn a_provider_must_answer_a_usable_token() {
        assert_eq!(provided_token::<()>(Some("fresh".to_owned())).unwrap(), "fresh");
        for bad in [None, Some(String::new()), Some(" ".to_owned())] {
            assert_eq!(provided_token::<()>(bad).unwrap_err().code, ErrorCode::Unauthorized);
        }
        assert_eq!(provided_token::<()>(Some("a\rb".to_owned())).unwrap_err().code, ErrorCode::InvalidInput);
        let failed = provider_failed(Some(7));
        assert_eq!((failed.code, failed.cause), (ErrorCode::Unauthorized, Some(7)));
    }

    #[test]
    fn a_provider_error_of_our_own_keeps_its_code_and_message() {
        let own = provider_failed_with("SIGN_IN_REQUIRED", "not signed in".to_owned(), Some(7));
        assert_eq!((own.code, own.message.as_str(), own.cause), (ErrorCode::SignInRequired, "not signed in", Some(7)));
        let failed = provider_failed_with("SIGN_IN_FAILED", "access_denied".to_owned(), Some(7));
        assert_eq!((failed.code, failed.message.as_str()), (ErrorCode::SignInFailed, "access_denied"));
        for other in ["NETWORK", "NO_SUCH_CODE", ""] {
            let wrapped = provider_failed_with(other, "whatever".to_owned(), Some(7));
            assert_eq!((wrapped.code, wrapped.message.as_str()), (ErrorCode::Unauthorized, "tokenProvider failed"));
        }
    }
}
