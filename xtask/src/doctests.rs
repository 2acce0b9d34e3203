//! The Rust crate's documentation examples, compiled and run against a
//! simulator of their own (its rate limits fresh, as a new user's would be):
//! the crate docs' doctests, and the README's Rust example, which is the
//! program `examples/quickstart/` (the README shows its `main.rs` as it is,
//! without rustdoc's hidden lines).

use crate::example::own_workspace_cargo;
use crate::files::read;
use crate::markdown::fenced_blocks;
use crate::shell::{self, Result, cargo, root};
use crate::sim::SimulatorProcess;
use crate::tally::Tally;
use crate::test_command::cargo_test_tally;
use std::path::PathBuf;

/// The README's Rust example as a program.
const QUICKSTART: &str = "examples/quickstart";

/// `cargo test --doc` of the library with `MAGISTERIUM_ENDPOINT` set to a
/// fresh simulator; then the README's example, checked and run.
pub fn run() -> Tally {
    let mut tally = match SimulatorProcess::start(&[]) {
        Ok(sim) => {
            let mut cmd = cargo();
            cmd.args(["test", "-p", "magisterium-a2a", "--doc"]).env("MAGISTERIUM_ENDPOINT", sim.endpoint());
            cargo_test_tally(&mut cmd)
        }
        Err(e) => Tally::broken(&e),
    };
    tally.check("README.md's Rust example is examples/quickstart/src/main.rs, as it is", readme_shows_quickstart());
    tally.check("examples/quickstart runs against a fresh simulator with the demo token", quickstart_runs());
    tally
}

/// The quickstart's folder.
pub fn quickstart_dir() -> PathBuf {
    root().join(QUICKSTART)
}

/// README.md has one Rust block, equal to the quickstart's `main.rs`.
fn readme_shows_quickstart() -> Result<()> {
    let main = read(&quickstart_dir().join("src/main.rs"))?;
    match fenced_blocks(&read(&root().join("README.md"))?, "rust").as_slice() {
        [shown] if *shown == main => Ok(()),
        [_] => Err("README.md's Rust block differs from examples/quickstart/src/main.rs: copy the file into it".into()),
        blocks => Err(format!("README.md has {} Rust blocks, not one", blocks.len())),
    }
}

/// `cargo run` of the quickstart against its own simulator (fresh limits: it
/// asks two questions, the demo token's limit per minute).
fn quickstart_runs() -> Result<()> {
    let sim = SimulatorProcess::start(&[])?;
    let mut run = own_workspace_cargo(&quickstart_dir(), "run")?;
    shell::run(run.arg("--quiet").env("MAGISTERIUM_ENDPOINT", sim.endpoint()).env("MAGISTERIUM_TOKEN", "demo-token"))
}

#[cfg(test)]
mod tests {
    use super::readme_shows_quickstart;

    #[test]
    fn the_readme_shows_the_quickstart_as_it_is() {
        readme_shows_quickstart().unwrap();
    }
}
