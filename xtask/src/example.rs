//! The Rust browser app of `examples/browser/`, built as its user builds it
//! (a workspace of its own, the library by path, the default features) and
//! bound with the pinned wasm-bindgen CLI (`--target web`) into
//! `examples/browser/pkg/`. The page suite and `cargo xtask demo` serve it
//! at [`URL_PREFIX`].

use crate::setup;
use crate::shell::{self, Result, cargo, root};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the app lives in the repository.
const DIR: &str = "examples/browser";

/// The app's `.wasm`, as cargo names it (the package name with `_`).
const WASM: &str = "magisterium_a2a_browser_example.wasm";

/// Where the static server mounts the app's folder.
pub const URL_PREFIX: &str = "/example/";

/// Where the static server answers [`page_pointed_at`] (the folder's own
/// `index.html` stays at [`URL_PREFIX`]).
pub const PAGE: &str = "/example/index.html";

/// The endpoint the page's field starts with: the simulator's default address.
const DEFAULT_ENDPOINT: &str = "http://127.0.0.1:8787/api/v1/a2a";

/// The app's folder (its `index.html` and, once built, its `pkg/`).
pub fn dir() -> PathBuf {
    root().join(DIR)
}

/// Builds the app for wasm32 (dev profile) and writes its bindings to `pkg/`.
pub fn build() -> Result<()> {
    setup::wasm_target()?;
    setup::wasm_bindgen_cli()?;
    println!("building the Rust browser example ({DIR})");
    let mut build = own_workspace_cargo(&dir(), "build")?;
    shell::run(build.args(["--target", "wasm32-unknown-unknown"]))?;
    let wasm = root().join("target/wasm32-unknown-unknown/debug").join(WASM);
    shell::run(
        Command::new("wasm-bindgen")
            .args(["--target", "web", "--no-typescript", "--out-dir"])
            .arg(dir().join("pkg"))
            .arg(wasm),
    )
}

/// The app's page with its endpoint field starting at `endpoint` instead of
/// the simulator's default address (for `cargo xtask demo`, whose simulator
/// listens on a free port).
pub fn page_pointed_at(endpoint: &str) -> Result<String> {
    let path = dir().join("index.html");
    let page = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let field = format!("value=\"{DEFAULT_ENDPOINT}\"");
    if page.matches(&field).count() != 1 {
        return Err(format!("{} must have one endpoint field with `{field}`", path.display()));
    }
    Ok(page.replace(&field, &format!("value=\"{endpoint}\"")))
}

/// `cargo <subcommand>` for the crate at `dir`, a workspace of its own (the
/// example, a user's crate), with three things for speed: its lock file is a
/// copy of the repository's (the versions the repository is tested with,
/// nothing to resolve), it builds in the repository's target folder, and
/// with the repository's Cargo configuration (its profile: dependencies built
/// once for both, even from a folder outside the repository).
pub fn own_workspace_cargo(dir: &Path, subcommand: &str) -> Result<Command> {
    own_workspace(cargo(), dir, subcommand)
}

/// [`own_workspace_cargo`] with another `cargo` command (e.g. of another toolchain).
pub fn own_workspace(mut cmd: Command, dir: &Path, subcommand: &str) -> Result<Command> {
    let lock = dir.join("Cargo.lock");
    fs::copy(root().join("Cargo.lock"), &lock).map_err(|e| format!("{}: {e}", lock.display()))?;
    cmd.arg("--config")
        .arg(root().join(".cargo/config.toml"))
        .arg(subcommand)
        .arg("--manifest-path")
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(root().join("target"))
        .current_dir(dir);
    Ok(cmd)
}

#[cfg(test)]
mod tests {
    use super::{DEFAULT_ENDPOINT, page_pointed_at};

    #[test]
    fn the_page_served_by_the_demo_points_at_its_simulator() {
        let page = page_pointed_at("http://127.0.0.1:1/api/v1/a2a").unwrap();
        assert!(page.contains("value=\"http://127.0.0.1:1/api/v1/a2a\""));
        assert!(!page.contains(DEFAULT_ENDPOINT));
    }
}
