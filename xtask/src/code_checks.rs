//! The code checks: formatting (rustfmt), lints (clippy, natively and on
//! wasm32, warnings as errors) and no import cycles, each one counted test.

use crate::build::NPM_CRATE;
use crate::shell::{self, Result, cargo, root};
use crate::tally::Tally;
use crate::{import_cycles, setup};

/// What the browser suite reads with `env!` when it compiles: any text will do for linting it.
const BROWSER_SUITE_ENV: [&str; 4] =
    ["MAGISTERIUM_ENDPOINT", "MAGISTERIUM_SIMULATOR", "MAGISTERIUM_HOSTILE", "A2A_AGENT_URL"];

/// `cargo xtask checks`.
pub fn command() -> Result<()> {
    run().conclude()
}

/// Runs every check.
pub fn run() -> Tally {
    let mut tally = Tally::default();
    if let Err(e) = setup::rust_components() {
        return Tally::broken(&e);
    }
    tally.check("rustfmt: the workspace is formatted (cargo fmt --all --check)", fmt_workspace());
    tally.check("rustfmt: the fuzz crate is formatted", fmt_fuzz());
    tally.check("clippy, native: the workspace, all targets, no warnings", clippy(&["--workspace", "--all-targets"]));
    let wasm = setup::wasm_target();
    // One clippy run per build: together, cargo would unify the npm crate's and the library's
    // features, and the library's std client would meet the bundle's no_std.
    tally.check(
        "clippy, wasm32: the npm bundle (default features), no warnings",
        wasm.clone().and_then(|()| clippy(&["-p", NPM_CRATE, "--target", "wasm32-unknown-unknown"])),
    );
    tally.check(
        "clippy, wasm32: the library with its fetch client, all targets, no warnings",
        wasm.clone()
            .and_then(|()| clippy(&["-p", "magisterium-a2a", "--target", "wasm32-unknown-unknown", "--all-targets"])),
    );
    tally.check(
        "clippy, wasm32: the npm crate without the bundle and its browser suite, all targets, no warnings",
        wasm.and_then(|()| browser_suite_clippy()),
    );
    tally.check("no import cycles between the modules of the crates we own", import_cycles::check());
    tally
}

fn fmt_workspace() -> Result<()> {
    shell::run(cargo().args(["fmt", "--all", "--check"]))
}

/// The fuzz crate is outside the workspace (it builds on nightly with sanitizers).
fn fmt_fuzz() -> Result<()> {
    shell::run(cargo().args(["fmt", "--check"]).current_dir(root().join("fuzz")))
}

/// `cargo clippy` with `args`, every warning an error.
fn clippy(args: &[&str]) -> Result<()> {
    shell::run(cargo().arg("clippy").args(args).args(["--", "-D", "warnings"]))
}

fn browser_suite_clippy() -> Result<()> {
    let mut cmd = cargo();
    cmd.args([
        "clippy",
        "-p",
        NPM_CRATE,
        "--no-default-features",
        "--target",
        "wasm32-unknown-unknown",
        "--all-targets",
    ])
    .args(["--", "-D", "warnings"]);
    for name in BROWSER_SUITE_ENV {
        cmd.env(name, "http://127.0.0.1:9/unused-by-clippy");
    }
    shell::run(&mut cmd)
}
