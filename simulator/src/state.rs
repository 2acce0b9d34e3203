//! The shared mutable state of one running simulator.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime};

use crate::agent::Agent;
use crate::auth::{Plan, TokenInfo, TokenRegistry};
use crate::clock::Clock;
use crate::config::Config;
use crate::faults::{FaultRule, FaultStore};
use crate::oauth::OAuthStore;
use crate::rate::RateLimiter;
use crate::tasks::TaskStore;

/// Everything a request handler may read or change.
#[derive(Debug)]
pub(crate) struct State {
    pub(crate) clock: Clock,
    pub(crate) local_addr: SocketAddr,
    pub(crate) max_body_bytes: usize,
    pub(crate) control_enabled: bool,
    /// `--allow-host`: the names besides addresses and localhost a `Host` may give, lower-case.
    pub(crate) allowed_hosts: Vec<String>,
    /// Limits given to run-time tokens that do not name their own.
    pub(crate) default_token: TokenInfo,
    pub(crate) tokens: Mutex<TokenRegistry>,
    pub(crate) rates: Mutex<RateLimiter>,
    pub(crate) tasks: Mutex<TaskStore>,
    pub(crate) faults: Mutex<FaultStore>,
    /// The authorization server's clients, codes, grants and tokens.
    pub(crate) oauth: Mutex<OAuthStore>,
    /// `--auto-approve`: authorization requests skip the consent page.
    pub(crate) auto_approve: bool,
    /// `--no-registration-cors`: the registration endpoint answers without CORS headers.
    pub(crate) registration_without_cors: bool,
    /// The streaming A2A 1.0 test agent at `/agent`, and its tasks.
    pub(crate) agent: Agent,
}

impl State {
    /// State for `config`, with `faults` armed.
    pub(crate) fn new(config: &Config, faults: Vec<FaultRule>, local_addr: SocketAddr) -> State {
        let paid =
            TokenInfo { plan: Plan::Paid, rate_default: config.rate_default, rate_expensive: config.rate_expensive };
        let free = TokenInfo { plan: Plan::Free, ..paid };
        let configured: HashMap<String, TokenInfo> = config
            .tokens
            .iter()
            .map(|t| (t.clone(), paid))
            .chain(config.free_tokens.iter().map(|t| (t.clone(), free)))
            .collect();
        let mut fault_store = FaultStore::default();
        faults.into_iter().for_each(|rule| fault_store.arm(rule));
        State {
            clock: config.frozen_at.map_or_else(
                || config.clock.clone(),
                |secs| Clock::frozen_at(SystemTime::UNIX_EPOCH + Duration::from_secs(secs)),
            ),
            local_addr,
            max_body_bytes: config.max_body_bytes,
            control_enabled: !config.no_control,
            allowed_hosts: config.allow_hosts.iter().map(|host| host.to_ascii_lowercase()).collect(),
            default_token: paid,
            tokens: Mutex::new(TokenRegistry::new(configured)),
            rates: Mutex::new(RateLimiter::default()),
            tasks: Mutex::new(TaskStore::new(Duration::from_secs(config.task_ttl_secs))),
            faults: Mutex::new(fault_store),
            oauth: Mutex::new(OAuthStore::new(Duration::from_secs(config.access_token_ttl_secs))),
            auto_approve: config.auto_approve,
            registration_without_cors: config.no_registration_cors,
            agent: Agent::default(),
        }
    }

    /// Clears faults, tasks, run-time tokens, OAuth clients and grants, rate counters and the clock offset.
    pub(crate) fn reset(&self) {
        lock(&self.oauth).clear();
        lock(&self.faults).clear();
        lock(&self.tasks).clear();
        lock(&self.tokens).clear_registered();
        lock(&self.rates).clear();
        self.clock.reset_offset();
    }
}

/// Locks a mutex; a panic elsewhere while holding it does not make the data unusable here.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
