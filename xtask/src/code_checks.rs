//! The code checks: formatting (rustfmt), lints (clippy, natively and on
//! wasm32, warnings as errors), no import cycles and the workflows' actionlint,
//! each one counted test.

use crate::build::{NPM_CRATE, PROTOCOL, WASMS};
use crate::shell::{self, Result, cargo, root};
use crate::tally::Tally;
use crate::{doctests, example, import_cycles, setup, workflow_lint};

/// What the browser suite reads with `env!` when it compiles: any text will do for linting it.
const BROWSER_SUITE_ENV: [&str; 6] = [
    "MAGISTERIUM_ENDPOINT",
    "MAGISTERIUM_SIMULATOR",
    "MAGISTERIUM_HOSTILE",
    "A2A_AGENT_URL",
    "A2A_AGENT_V1_URL",
    crate::browser::AGENTS_MODULE_ENV,
];

/// `cargo xtask checks`.
pub fn command() -> Result<()> {
    run().conclude()
}

/// Runs every check.
pub fn run() -> Tally {
    let mut tally = Tally::default();
    // The npm crate's build script joins its JS with esbuild (npm/build.rs).
    if let Err(e) = setup::rust_components().and_then(|()| setup::npm_tools()) {
        return Tally::broken(&e);
    }
    tally.check("rustfmt: the workspace is formatted (cargo fmt --all --check)", fmt_workspace());
    tally.check("rustfmt: the fuzz crate is formatted", fmt_fuzz());
    tally.check(
        "rustfmt: the Rust browser example, the README's Rust example and the outside user crate are formatted",
        fmt_own_workspaces(),
    );
    // Natively with the library's `tracing` spans (the client suite's runs), on wasm32 without them.
    tally.check(
        "clippy, native: the workspace, all targets, the library's tracing feature, no warnings",
        clippy(&["--workspace", "--all-targets", "--features", "magisterium-a2a/tracing"]),
    );
    tally.check("clippy, native: the fuzz targets (fuzz/, not linked), no warnings", crate::fuzz::clippy());
    let wasm = setup::wasm_target();
    // One clippy run per build: together, cargo would unify the npm crate's and the library's
    // features, and the library's std client would meet the bundle's no_std.
    tally.check(
        "clippy, wasm32: the npm bundle (default features: both classes), no warnings",
        wasm.clone().and_then(|()| clippy(&["-p", NPM_CRATE, "--target", "wasm32-unknown-unknown"])),
    );
    // Each entry's .wasm as `cargo xtask build` builds it, and the one `A2AClient` loads later: code
    // only another one uses must not linger.
    for wasm_entry in WASMS.iter().chain([&PROTOCOL]) {
        let features = ["-p", NPM_CRATE, "--target", "wasm32-unknown-unknown", "--no-default-features", "--features"];
        tally.check(
            &format!(
                "clippy, wasm32: the npm bundle of {} (features {}), no warnings",
                wasm_entry.entry, wasm_entry.features
            ),
            wasm.clone().and_then(|()| clippy(&[&features[..], &[wasm_entry.features]].concat())),
        );
    }
    tally.check(
        "clippy, wasm32: the library with its fetch client and its js values, all targets, no warnings",
        wasm.clone().and_then(|()| {
            clippy(&[
                "-p",
                "magisterium-a2a",
                "--target",
                "wasm32-unknown-unknown",
                "--all-targets",
                "--features",
                "js",
            ])
        }),
    );
    tally.check(
        "clippy, wasm32: the simulator's logic for the npm package (magisterium-sim-wasm), no warnings",
        wasm.clone().and_then(|()| clippy(&["-p", "magisterium-sim-wasm", "--target", "wasm32-unknown-unknown"])),
    );
    tally.check(
        "clippy, wasm32: the npm crate without the bundle and its browser suite, all targets, no warnings",
        wasm.and_then(|()| browser_suite_clippy()),
    );
    tally.check("clippy: the README's Rust example (examples/quickstart), no warnings", quickstart_clippy());
    tally.check(
        "clippy, wasm32: the Rust browser example, no warnings",
        setup::wasm_target().and_then(|()| example_clippy()),
    );
    tally.check(
        "no import cycles between the modules of the crates we own and of the package's JS",
        import_cycles::check(),
    );
    tally.check("actionlint: the GitHub workflows (.github/workflows/) have no finding", workflow_lint::check());
    tally
}

fn fmt_workspace() -> Result<()> {
    shell::run(cargo().args(["fmt", "--all", "--check"]))
}

/// The fuzz crate is outside the workspace (it builds on nightly with sanitizers).
fn fmt_fuzz() -> Result<()> {
    shell::run(cargo().args(["fmt", "--check"]).current_dir(root().join("fuzz")))
}

/// The crates with a workspace of their own, as a user's would be: the
/// browser example, the README's Rust example, and the template of the user crate (its `Cargo.toml` is
/// written when the suite copies it, so rustfmt reads its files directly).
fn fmt_own_workspaces() -> Result<()> {
    shell::run(cargo().args(["fmt", "--check", "--manifest-path"]).arg(example::dir().join("Cargo.toml")))?;
    shell::run(cargo().args(["fmt", "--check", "--manifest-path"]).arg(doctests::quickstart_dir().join("Cargo.toml")))?;
    let user_crate = root().join("tests/user-crate/src");
    let mut rustfmt = std::process::Command::new("rustfmt");
    rustfmt.args(["--check", "--edition", "2024"]).arg(user_crate.join("lib.rs")).arg(user_crate.join("main.rs"));
    shell::run(rustfmt.current_dir(root()))
}

/// The README's Rust example, natively, in its own workspace (sharing the target dir).
fn quickstart_clippy() -> Result<()> {
    let mut cmd = example::own_workspace_cargo(&doctests::quickstart_dir(), "clippy")?;
    shell::run(cmd.args(["--", "-D", "warnings"]))
}

/// The browser example, for wasm32, in its own workspace (sharing the target dir).
fn example_clippy() -> Result<()> {
    let mut cmd = example::own_workspace_cargo(&example::dir(), "clippy")?;
    shell::run(cmd.args(["--target", "wasm32-unknown-unknown", "--", "-D", "warnings"]))
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
        "--features",
        "magisterium,agents",
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
