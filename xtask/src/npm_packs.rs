//! The npm packages as a user and the registry get them: `npm pack` of each
//! package folder into [`PACKS`], `npm install` of the tarballs where the JS
//! suites import them from, and the dry runs of `npm publish` and of
//! `cargo publish` (the release workflow's steps, without the upload).

use crate::shell::{Result, capture, cargo, root};
use serde::Deserialize;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the package suite packs the tarballs, and where the suites that install
/// them as a user would (the first hour, the docs' sessions) find them.
pub const PACKS: &str = "target/npm-packs";

/// One tarball, as `npm pack --json` describes it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Packed {
    /// The package's name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The tarball's file name, in [`PACKS`].
    filename: String,
    /// The bytes of its files once unpacked (what npm prints as "unpacked size").
    pub unpacked_size: usize,
    /// How many files it holds.
    pub entry_count: usize,
    /// Its files.
    pub files: Vec<PackedFile>,
}

/// A file of a tarball.
#[derive(Debug, Deserialize)]
pub struct PackedFile {
    /// Its path in the package.
    pub path: String,
}

impl Packed {
    /// The tarball's path.
    pub fn tarball(&self) -> PathBuf {
        root().join(PACKS).join(&self.filename)
    }
}

/// Empties [`PACKS`] (a tarball of an earlier version must not be installed with the new ones).
pub fn clear() -> Result<()> {
    let dir = root().join(PACKS);
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))
}

/// `npm pack` of the package in `folder` into [`PACKS`].
pub fn pack(folder: &Path) -> Result<Packed> {
    let output = capture(
        Command::new("npm").args(["pack", "--json", "--pack-destination"]).arg(root().join(PACKS)).current_dir(folder),
    )?;
    if !output.status.success() {
        return Err(format!("npm pack of {} failed: {}", folder.display(), String::from_utf8_lossy(&output.stderr)));
    }
    let packed: Vec<Packed> = serde_json::from_slice(&output.stdout).map_err(|e| format!("npm pack --json: {e}"))?;
    packed.into_iter().next().ok_or_else(|| format!("npm pack of {} made no tarball", folder.display()))
}

/// The tarballs of [`PACKS`], sorted by name.
pub fn tarballs() -> Result<Vec<PathBuf>> {
    let dir = root().join(PACKS);
    let entries =
        fs::read_dir(&dir).map_err(|e| format!("{}: {e} (the package suite packs the tarballs)", dir.display()))?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "tgz"))
        .collect();
    found.sort();
    if found.is_empty() { Err(format!("no tarball in {PACKS}: the package suite packs them")) } else { Ok(found) }
}

/// `npm install` of `tarballs`, offline, in `folder` (its `node_modules`, made
/// first so that npm installs there and not in a project above it): what a user's
/// `npm install magisterium-a2a magisterium-a2a-simulator` does, without the registry.
pub fn install(tarballs: &[PathBuf], folder: &Path) -> Result<()> {
    let modules = folder.join("node_modules");
    fs::create_dir_all(&modules).map_err(|e| format!("{}: {e}", modules.display()))?;
    let output = capture(
        Command::new("npm")
            .args(["install", "--offline", "--no-save", "--no-audit", "--no-fund", "--silent"])
            .args(tarballs)
            .current_dir(folder),
    )?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!("npm install of the tarballs failed: {}", String::from_utf8_lossy(&output.stderr).trim_end()))
    }
}

/// `npm publish --dry-run` of the tarball (offline: npm packs and checks it, and
/// uploads nothing); it must announce `+ name@version`. `--provenance` needs a CI
/// runner's identity, so only the release workflow passes it.
pub fn publish_dry_run(packed: &Packed) -> Result<()> {
    let output = capture(
        Command::new("npm")
            .args(["publish", "--dry-run", "--offline", "--access", "public"])
            .arg(packed.tarball())
            .current_dir(root().join(PACKS)),
    )?;
    let printed = String::from_utf8_lossy(&output.stdout);
    let announced = format!("+ {}@{}", packed.name, packed.version);
    if output.status.success() && printed.lines().any(|line| line.trim() == announced) {
        Ok(())
    } else {
        Err(format!("{printed}{}", String::from_utf8_lossy(&output.stderr)).trim_end().to_owned())
    }
}

/// `cargo publish --dry-run` of the crate: packaged, its manifest and
/// dependencies resolved against crates.io's index (the only network it
/// needs), nothing uploaded. `--no-verify`: the user-crate suite builds and
/// tests the packaged crate already (`cargo package` unpacked outside the
/// repository), so its build is not repeated here; `--allow-dirty`: a working
/// tree's edits are what is checked.
pub fn cargo_publish_dry_run() -> Result<()> {
    let output =
        capture(cargo().args(["publish", "--dry-run", "--no-verify", "--allow-dirty", "-p", "magisterium-a2a"]))?;
    let printed = String::from_utf8_lossy(&output.stderr);
    if output.status.success() && printed.contains("aborting upload due to dry run") {
        Ok(())
    } else {
        Err(printed.trim_end().to_owned())
    }
}
