//! The simulator as a child process for the test suites and the demo: started
//! on a free 127.0.0.1 port, stopped when the guard drops, whatever happens.

use crate::shell::{self, Result, cargo, root};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// A running simulator; killed on drop.
pub struct Simulator {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
}

impl Simulator {
    /// The A2A endpoint.
    pub fn endpoint(&self) -> String {
        format!("{}/api/v1/a2a", self.url)
    }

    /// Builds and starts the simulator with `args` on a free loopback port.
    pub fn start(args: &[&str]) -> Result<Simulator> {
        shell::run(cargo().args(["build", "--quiet", "-p", "magisterium-sim"]))?;
        let binary = root().join("target/debug/magisterium-sim");
        let child = Command::new(&binary)
            .args(["--addr", "127.0.0.1:0"])
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("could not start {}: {e}", binary.display()))?;
        let mut guard = Simulator { child, url: String::new() };
        let mut first_line = String::new();
        if let Some(stdout) = guard.child.stdout.take() {
            let mut reader = BufReader::new(stdout);
            let _ = reader.read_line(&mut first_line);
            // Keep draining, so a later line never meets a closed pipe.
            std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
        }
        match first_line.trim().strip_prefix("listening on ") {
            Some(url) => {
                guard.url = url.to_owned();
                Ok(guard)
            }
            None => Err(format!("the simulator did not say where it listens (first line: {first_line:?})")),
        }
    }
}

impl Drop for Simulator {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
