//! The proxy suite: `tests/proxy` (`node --test`), the installed package's
//! parish proxy on Node (its CLI, a child process), on workerd (miniflare)
//! and as the WordPress plugin's route (a throw-away WordPress, tests/wordpress),
//! and its deploy recipes (`docs/proxy/`), against a simulator of its own
//! (the tests register tokens with their own rate limits; the saved sign-in's
//! test starts one more, as the sign-in suites do).

use crate::setup;
use crate::shell::root;
use crate::sim::SimulatorProcess;
use crate::tally::Tally;
use crate::test_command::node_test_tally;
use std::process::Command;

/// Runs `tests/proxy` against a fresh simulator.
pub fn run() -> Tally {
    let sim = match setup::wordpress().and_then(|()| SimulatorProcess::start(&[])) {
        Ok(sim) => sim,
        Err(e) => return Tally::broken(&e),
    };
    let mut cmd = Command::new("node");
    cmd.current_dir(root().join("tests/proxy"))
        .args(["--test", "--test-reporter=spec", "--test-concurrency=1"])
        .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
        .env("MAGISTERIUM_SIMULATOR", &sim.url)
        .env("MAGISTERIUM_SIM_BIN", SimulatorProcess::binary());
    node_test_tally(&mut cmd)
}
