//! The node suite: `tests/node` (`node --test`) importing the installed
//! package's nodejs build, against the simulator and the fixture agent.

use crate::agent_server::Agents;
use crate::shell::root;
use crate::sim::SimulatorProcess;
use crate::tally::Tally;
use crate::test_command::node_test_tally;
use std::process::Command;

/// Runs `tests/node` against `sim` and the fixture `agents`.
pub fn run(sim: &SimulatorProcess, agents: &Agents) -> Tally {
    let mut cmd = Command::new("node");
    cmd.current_dir(root().join("tests/node"))
        .args(["--test", "--test-reporter=spec", "--test-concurrency=1"])
        .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
        .env("MAGISTERIUM_SIMULATOR", &sim.url)
        .env("MAGISTERIUM_TOKEN", "demo-token")
        .env("MAGISTERIUM_SIM_BIN", SimulatorProcess::binary())
        .envs(agents.env());
    node_test_tally(&mut cmd)
}
