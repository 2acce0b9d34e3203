//! The simulator suite: the simulator's tests against the native server
//! (in-process), then the same HTTP tests against the npm package's Node
//! server (`magisterium-a2a simulator` over the wasm build), which this suite
//! builds into `target/sim-node/` without building the whole package.

use crate::files::copy_files;
use crate::setup;
use crate::shell::{Result, cargo, root};
use crate::sim_package;
use crate::tally::Tally;
use crate::test_command::{cargo_test, cargo_test_tally};
use std::fs;
use std::path::PathBuf;

/// Runs the simulator's tests twice: natively, then its integration tests against Node.
pub fn run() -> Tally {
    let native = cargo_test(&["-p", "magisterium-sim"]);
    let node = match node_command() {
        Ok(script) => {
            println!("the same HTTP tests against `magisterium-a2a simulator` on Node ({})", script.display());
            let mut cmd = cargo();
            cmd.args(["test", "-p", "magisterium-sim", "--test", "*"]).env("MAGISTERIUM_SIM_NODE", &script);
            cargo_test_tally(&mut cmd)
        }
        Err(e) => Tally::broken(&e),
    };
    Tally { passed: native.passed + node.passed, failed: native.failed + node.failed }
}

/// The package's command line and simulator alone (`bin/`, `simulator/`), in
/// `target/sim-node/`; the path of its `magisterium-a2a.mjs`.
fn node_command() -> Result<PathBuf> {
    setup::wasm_target()?;
    setup::wasm_bindgen_cli()?;
    setup::npm_tools()?;
    let dir = root().join("target/sim-node");
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| format!("removing {}: {e}", dir.display()))?;
    }
    sim_package::write(&dir)?;
    copy_files(&root().join("bin"), &dir.join("bin"))?;
    Ok(dir.join("bin/magisterium-a2a.mjs"))
}
