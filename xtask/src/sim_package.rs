//! The simulator in the npm package: its logic (`simulator/wasm`, the crate
//! `magisterium-sim-wasm`) built for wasm32 and bound for `--target web` into
//! `pkg/simulator/`, which `bin/simulator.mjs` serves on Node and no client
//! entry loads.

use crate::shell::{self, Result, cargo, root};
use crate::size::gzip_size;
use crate::wasm_opt::wasm_opt;
use std::path::Path;
use std::process::Command;

/// The crate of the simulator's wasm build.
const CRATE: &str = "magisterium-sim-wasm";

/// The stem of its files in `pkg/simulator/` (`<stem>.js`, `<stem>_bg.wasm`), as `bin/simulator.mjs` imports them.
const STEM: &str = "magisterium_sim";

/// Writes `pkg/simulator/`; the gzip size of its `.wasm` and its glue.
pub fn write(pkg: &Path) -> Result<usize> {
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
    let out = pkg.join("simulator");
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
            .arg(&out)
            .arg(&built),
    )?;
    let module = out.join(format!("{STEM}_bg.wasm"));
    wasm_opt(&["-Oz"], &module)?;
    gzip_size(&[&module, &out.join(format!("{STEM}.js"))])
}
