//! The simulator's npm package, `magisterium-a2a-simulator`, in [`DIR`]: the
//! developers' tools that no app ships, apart from the runtime package
//! `magisterium-a2a` (`pkg/`). Its command (`simulator/bin/`), the
//! simulator's wasm build (`sim_package`) and the static playground
//! (`playground`), with its own package.json and README
//! (`pkg-template/simulator/`).

use crate::auth_package::copy_commands;
use crate::files::{self, copy, read};
use crate::shell::{Result, root};
use crate::{playground, sim_package};
use std::fs;
use std::path::{Path, PathBuf};

/// The package's name on npm.
pub const NAME: &str = "magisterium-a2a-simulator";

/// Its command, as `bin` names it (the file under `bin/`).
pub const ENTRY: &str = "magisterium-a2a-simulator.mjs";

/// The folder `cargo xtask build` writes it to, beside `pkg/`.
pub fn dir() -> PathBuf {
    root().join("pkg-simulator")
}

/// The gzip sizes of what the package holds.
pub struct Sizes {
    /// The simulator's `.wasm` and glue.
    pub simulator: usize,
    /// The playground, every file (the simulator's among them).
    pub playground: usize,
}

/// Writes the package into [`dir`] (made afresh) from the runtime package
/// built in `pkg` (the playground's copy of its web build, widget and sign-in
/// entry); `manifest` makes a package.json from its template.
pub fn write(pkg: &Path, manifest: impl Fn(&Path) -> Result<String>) -> Result<Sizes> {
    let out = dir();
    if out.exists() {
        fs::remove_dir_all(&out).map_err(|e| format!("removing {}: {e}", out.display()))?;
    }
    let template = root().join("pkg-template/simulator");
    files::write(&out.join("package.json"), &manifest(&template.join("package.json"))?)?;
    files::write(&out.join("README.md"), &read(&template.join("README.md"))?)?;
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&root().join(license), &out.join(license))?;
    }
    copy_commands(&root().join("simulator/bin"), &out.join("bin"), ENTRY)?;
    let simulator = sim_package::write(&out)?;
    let playground = playground::write(pkg, &out)?;
    Ok(Sizes { simulator, playground })
}
