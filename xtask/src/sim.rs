//! The simulator as a child process for the test suites and the demo: started
//! on a free 127.0.0.1 port, stopped when the guard drops, whatever happens.

use crate::child_server::ChildServer;
use crate::shell::{self, Result, cargo, root};
use std::ops::Deref;
use std::path::PathBuf;
use std::process::Command;

/// A running simulator (`url` is its base URL); killed on drop.
pub struct SimulatorProcess(ChildServer);

impl SimulatorProcess {
    /// The simulator's binary (built by [`SimulatorProcess::start`]), which
    /// the JS suites start with flags of their own (env `MAGISTERIUM_SIM_BIN`).
    pub fn binary() -> PathBuf {
        root().join("target/debug/magisterium-sim")
    }

    /// The A2A endpoint.
    pub fn endpoint(&self) -> String {
        format!("{}/api/v1/a2a", self.url)
    }

    /// Builds and starts the simulator with `args` on a free loopback port.
    pub fn start(args: &[&str]) -> Result<SimulatorProcess> {
        shell::run(cargo().args(["build", "--quiet", "-p", "magisterium-sim"]))?;
        let mut cmd = Command::new(SimulatorProcess::binary());
        cmd.args(["--addr", "127.0.0.1:0"]).args(args);
        ChildServer::start(&mut cmd, "the simulator").map(SimulatorProcess)
    }
}

impl Deref for SimulatorProcess {
    type Target = ChildServer;

    fn deref(&self) -> &ChildServer {
        &self.0
    }
}
