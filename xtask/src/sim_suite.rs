//! The simulator suite: the simulator's tests against the native server
//! (in-process), then the same HTTP tests against the npm package
//! `magisterium-a2a-simulator`'s Node server (over the wasm build), whose
//! command and wasm build this suite writes into `target/sim-node/` without
//! building the packages.

use crate::files::copy_files;
use crate::setup;
use crate::shell::{Result, cargo, root};
use crate::tally::Tally;
use crate::test_command::{cargo_test, cargo_test_tally};
use crate::{sim_npm, sim_package};
use std::fs;
use std::path::PathBuf;

/// Runs the simulator's tests twice: natively, then its integration tests against Node.
pub fn run() -> Tally {
    let native = cargo_test(&["-p", "magisterium-sim"]);
    let node = match node_command() {
        Ok(script) => {
            println!("the same HTTP tests against `magisterium-a2a-simulator` on Node ({})", script.display());
            let mut cmd = cargo();
            cmd.args(["test", "-p", "magisterium-sim", "--test", "*"]).env("MAGISTERIUM_SIM_NODE", &script);
            cargo_test_tally(&mut cmd)
        }
        Err(e) => Tally::broken(&e),
    };
    Tally { passed: native.passed + node.passed, failed: native.failed + node.failed }
}

/// The simulator package's command and wasm build alone (`bin/`, `playground/simulator/`), in
/// `target/sim-node/`; the path of its command.
fn node_command() -> Result<PathBuf> {
    setup::wasm_target()?;
    setup::wasm_bindgen_cli()?;
    setup::npm_tools()?;
    let dir = root().join("target/sim-node");
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| format!("removing {}: {e}", dir.display()))?;
    }
    sim_package::write(&dir)?;
    copy_files(&root().join("simulator/bin"), &dir.join("bin"))?;
    Ok(dir.join("bin").join(sim_npm::ENTRY))
}
