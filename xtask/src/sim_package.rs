//! The simulator's wasm build: its logic (`simulator/wasm`, the crate
//! `magisterium-sim-wasm`) built for wasm32 and bound for `--target web` into
//! [`WASM_DIR`] of the package `magisterium-a2a-simulator` (`sim_npm`), where
//! its command (`simulator/bin/simulator.mjs`) serves it on Node and the
//! playground's Service Worker runs it.

use crate::files::copy_tree;
use crate::shell::{self, Result, cargo, root};
use crate::size::gzip_size;
use crate::wasm_opt::wasm_opt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, PoisonError};

/// The crate of the simulator's wasm build.
const CRATE: &str = "magisterium-sim-wasm";

/// The stem of its files in [`WASM_DIR`] (`<stem>.js`, `<stem>_bg.wasm`), as `simulator/bin/simulator.mjs` imports them.
const STEM: &str = "magisterium_sim";

/// Where the package holds the wasm build: once, inside the playground, whose
/// Service Worker can load only what is under its own folder; the command imports it from there.
pub const WASM_DIR: &str = "playground/simulator";

/// The [`WASM_DIR`] this process built, if any: one `cargo xtask test` builds the
/// simulator's files once (the simulator suite's `target/sim-node/`, then the package's `pkg-simulator/`).
/// Only this process's own build is recorded, so files left by an earlier run are never reused.
static BUILT: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Writes [`WASM_DIR`] under `package`, copied from the folder built earlier in this process if
/// there is one, else built; the gzip size of its `.wasm` and its glue.
pub fn write(package: &Path) -> Result<usize> {
    let out = package.join(WASM_DIR);
    let mut built = BUILT.lock().unwrap_or_else(PoisonError::into_inner);
    match built.as_ref().filter(|earlier| **earlier != out && earlier.is_dir()) {
        Some(earlier) => {
            println!("the simulator's wasm module: the one built in this run ({})", earlier.display());
            copy_tree(earlier, &out)?;
        }
        None => {
            build(&out)?;
            *built = Some(out.clone());
        }
    }
    gzip_size(&[&out.join(format!("{STEM}_bg.wasm")), &out.join(format!("{STEM}.js"))])
}

/// Builds the simulator's `.wasm` and its glue into `out`.
fn build(out: &Path) -> Result<()> {
    println!("building the simulator's wasm module ({CRATE})");
    shell::run(cargo().args([
        "build",
        "-p",
        CRATE,
        "--target",
        "wasm32-unknown-unknown",
        "--profile",
        "wasm-release",
    ]))?;
    let built =
        root().join("target/wasm32-unknown-unknown/wasm-release").join(format!("{}.wasm", CRATE.replace('-', "_")));
    shell::run(
        Command::new("wasm-bindgen")
            .args([
                "--target",
                "web",
                "--no-typescript",
                "--remove-name-section",
                "--remove-producers-section",
                "--out-name",
                STEM,
                "--out-dir",
            ])
            .arg(out)
            .arg(&built),
    )?;
    wasm_opt(&["-Oz"], &out.join(format!("{STEM}_bg.wasm"))).map(|_| ())
}
