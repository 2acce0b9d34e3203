//! Configuration: every command-line option, also used to start the simulator in-process.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;

use crate::clock::Clock;
use crate::faults::FaultRule;
use crate::rate::RateLimit;

/// Settings of a simulator; the command line of the `magisterium-sim` binary parses into this.
///
/// `Config::default()` holds the documented defaults (the same as running the binary without flags).
#[derive(Clone, Debug, Parser)]
#[command(
    name = "magisterium-sim",
    version,
    about = "Local simulator of the Magisterium AI A2A endpoint (JSON-RPC 2.0), with fault injection for client tests.",
    long_about = None,
    after_help = "Routes: POST /api/v1/a2a, GET /.well-known/agent.json, OPTIONS * (CORS preflight), \
                  the OAuth authorization server (GET /.well-known/oauth-authorization-server, /oauth/*), \
                  and the loopback-only test controls under /_sim/ (see docs/simulator.md). \
                  All answers come from built-in SAMPLE data."
)]
pub struct Config {
    /// Address to listen on; port 0 picks a free port (the first stdout line names it).
    #[arg(long, visible_alias = "listen", value_name = "HOST:PORT", default_value = "127.0.0.1:8787")]
    pub addr: SocketAddr,

    /// Accepted paid-plan Bearer token; repeat the flag for several.
    #[arg(long = "token", value_name = "TOKEN", default_value = "demo-token")]
    pub tokens: Vec<String>,

    /// Valid token on a free plan, refused with -32005 (HTTP 403); repeatable.
    #[arg(long = "free-token", value_name = "TOKEN", default_value = "free-token")]
    pub free_tokens: Vec<String>,

    /// Per-token ceiling of the default pool (every skill but catholic_qa), N requests per D seconds (sliding window).
    /// Generous by default, so examples run again and again; the service's is 15/60s.
    #[arg(long, value_name = "N/Ds", default_value = "600/60s")]
    pub rate_default: RateLimit,

    /// Per-token ceiling of the expensive pool (catholic_qa), N requests per D seconds (sliding window).
    /// Generous by default, so examples run again and again; the service's is 2/60s.
    #[arg(long, value_name = "N/Ds", default_value = "600/60s")]
    pub rate_expensive: RateLimit,

    /// Seconds a task stays retrievable with tasks/get before -32001 Task not found.
    #[arg(long, value_name = "SECS", default_value_t = 86_400)]
    pub task_ttl_secs: u64,

    /// Largest accepted request body; a larger one gets HTTP 413 with a JSON-RPC -32600 error.
    #[arg(long, value_name = "BYTES", default_value_t = 1_048_576)]
    pub max_body_bytes: usize,

    /// JSON file holding an array of fault rules armed at start (same shape as POST /_sim/faults).
    #[arg(long = "faults", value_name = "FILE")]
    pub faults_file: Option<PathBuf>,

    /// Disable the /_sim/ test-control routes (they answer 404).
    #[arg(long)]
    pub no_control: bool,

    /// A host name (besides IP addresses and localhost) requests may name in `Host`, such as a
    /// container's service name; repeatable. Other names get 421 (DNS rebinding).
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_hosts: Vec<String>,

    /// Lifetime of the OAuth access tokens the simulator issues (its clock), in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 3600)]
    pub access_token_ttl_secs: u64,

    /// Approve every OAuth authorization request at once (no consent page): for tests.
    #[arg(long)]
    pub auto_approve: bool,

    /// Answer the OAuth registration endpoint without CORS headers, as a server meant for
    /// native clients does: a browser then needs a pre-registered client id.
    #[arg(long)]
    pub no_registration_cors: bool,

    /// Stop the clock at this instant (seconds since 1970-01-01 UTC): it then moves only with
    /// POST /_sim/clock, so dates such as "today" are reproducible.
    #[arg(long, value_name = "UNIX_SECS")]
    pub frozen_at: Option<u64>,

    /// Fault rules armed at start, in addition to those of `faults_file` (library use only).
    #[arg(skip)]
    pub faults: Vec<FaultRule>,

    /// The clock for task expiry, rate windows, timestamps and `today` (library use only;
    /// `frozen_at` replaces it).
    #[arg(skip)]
    pub clock: Clock,
}

impl Default for Config {
    fn default() -> Config {
        Config::parse_from(["magisterium-sim"])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn defaults_are_the_documented_ones() {
        let c = Config::default();
        assert_eq!(c.addr.to_string(), "127.0.0.1:8787");
        assert_eq!(c.tokens, ["demo-token"]);
        assert_eq!(c.free_tokens, ["free-token"]);
        assert_eq!(c.rate_default, RateLimit { max: 600, window_secs: 60 });
        assert_eq!(c.rate_expensive, RateLimit { max: 600, window_secs: 60 });
        assert_eq!((c.task_ttl_secs, c.max_body_bytes), (86_400, 1_048_576));
        assert!(c.faults_file.is_none() && !c.no_control && c.faults.is_empty() && c.frozen_at.is_none());
        assert!(c.access_token_ttl_secs == 3600 && !c.auto_approve && !c.no_registration_cors);
        Config::command().debug_assert();
    }

    #[test]
    fn parses_repeated_and_custom_flags() {
        let c = Config::try_parse_from([
            "magisterium-sim",
            "--addr",
            "127.0.0.1:0",
            "--token",
            "a",
            "--token",
            "b",
            "--rate-expensive",
            "5/10s",
            "--no-control",
        ])
        .unwrap();
        assert_eq!(c.tokens, ["a", "b"]);
        assert_eq!(c.rate_expensive, RateLimit { max: 5, window_secs: 10 });
        assert!(c.no_control);
        assert!(Config::try_parse_from(["magisterium-sim", "--rate-default", "fast"]).is_err());
    }
}
