//! The Rust crate's documentation examples, compiled and run against a
//! simulator of their own (its rate limits fresh, as a new user's would be).

use crate::shell::cargo;
use crate::sim::SimulatorProcess;
use crate::tally::Tally;
use crate::test_command::cargo_test_tally;

/// `cargo test --doc` of the library with `MAGISTERIUM_ENDPOINT` set to a fresh simulator.
pub fn run() -> Tally {
    match SimulatorProcess::start(&[]) {
        Ok(sim) => {
            let mut cmd = cargo();
            cmd.args(["test", "-p", "magisterium-a2a", "--doc"]).env("MAGISTERIUM_ENDPOINT", sim.endpoint());
            cargo_test_tally(&mut cmd)
        }
        Err(e) => Tally::broken(&e),
    }
}
