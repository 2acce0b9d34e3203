//! A Rust program outside the repository that depends on the library as
//! `cargo package` makes it, and uses its typed API natively and on wasm32:
//! the library packaged and unpacked (its docs built from the unpacked files
//! for each docs.rs target), and `tests/user-crate/` copied beside it, in a
//! fresh temporary folder (never inside the repository); its library built
//! for `wasm32-unknown-unknown` (compile only); then, with the toolchain of
//! the library's `rust-version` (rustup's, installed when absent): the
//! program's `main` built and run natively against a simulator of its own
//! (fresh rate limits: the program asks twice, the demo token's limit per
//! minute), the packaged library's unit tests built and run, and the program
//! checked for wasm32. The folder is removed afterwards, whatever happened.

use crate::example::{own_workspace, own_workspace_cargo};
use crate::files::{read, write};
use crate::manifest::{Package, Workspace};
use crate::setup;
use crate::shell::{self, Result, cargo, root, stdout_of};
use crate::sim::SimulatorProcess;
use crate::tally::Tally;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The crate's files in the repository.
const TEMPLATE: &str = "tests/user-crate";
/// The library the program depends on.
const LIBRARY: &str = "magisterium-a2a";

/// Packages the library, builds its docs and the program for wasm32, then
/// with the declared rust-version runs the program natively and the
/// library's unit tests, and checks the program for wasm32 (one test each).
pub fn run() -> Tally {
    let folder = match Folder::create() {
        Ok(folder) => folder,
        Err(e) => return Tally::broken(&e),
    };
    let mut tally = Tally::default();
    let packaged = packaged(&folder.0);
    tally.check(
        "cargo package: the library's files, packaged and unpacked (the next checks build them)",
        packaged.as_ref().map(|_| ()).map_err(Clone::clone),
    );
    let Ok((library, package)) = packaged else { return tally };
    tally.check(
        "the docs.rs targets' documentation builds from the package, without warnings",
        docs(&library, &package),
    );
    if let Err(e) = folder.write_program(&library) {
        tally.check("the program is written beside the packaged library", Err(e));
        return tally;
    }
    tally.check("the program built for wasm32", wasm32(&folder.0));
    let declared = package.rust_version.ok_or_else(|| "the library declares no rust-version".to_owned());
    let toolchain = match declared.and_then(|version| Toolchain::of(&version)) {
        Ok(toolchain) => toolchain,
        Err(e) => {
            tally.check("the library's rust-version names a toolchain to test with", Err(e));
            return tally;
        }
    };
    let with = toolchain.named();
    tally.check(
        &format!("the typed API natively, against a fresh simulator, built with {with}"),
        native(&folder.0, &toolchain),
    );
    tally.check(
        &format!("the packaged library's unit tests, built and run with {with}"),
        unit_tests(&library, &toolchain),
    );
    tally.check(&format!("the program checks for wasm32 with {with}"), msrv_wasm32(&folder.0, &toolchain));
    tally
}

/// `cargo package` of the library, unpacked under `dir`: the unpacked folder,
/// and the library's manifest.
fn packaged(dir: &Path) -> Result<(PathBuf, Package)> {
    // --allow-dirty: what is tested is the files the package holds, not the state of git.
    // --no-verify: cargo's verification (a `cargo build` of the unpacked files, 50 s cold with
    // its own feature set) is what the next checks do on the same unpacked files, and more:
    // the docs for both targets, a program run natively and built for wasm32, the rust-version.
    shell::run(cargo().args(["package", "-p", LIBRARY, "--allow-dirty", "--no-verify"]))?;
    let package = Workspace::read()?.take(LIBRARY)?;
    let name = format!("{LIBRARY}-{}", package.version);
    let file = root().join("target/package").join(format!("{name}.crate"));
    let into = dir.join("packaged");
    fs::create_dir_all(&into).map_err(|e| format!("{}: {e}", into.display()))?;
    shell::run(Command::new("tar").arg("-xzf").arg(&file).arg("-C").arg(&into))?;
    Ok((into.join(name), package))
}

/// `cargo doc` of the unpacked `library` for each target of its docs.rs
/// metadata, with its features, warnings (a broken link) as errors.
fn docs(library: &Path, package: &Package) -> Result<()> {
    let docs_rs = package.docs_rs().ok_or("the library has no [package.metadata.docs.rs]")?;
    if docs_rs.targets.is_empty() {
        return Err("[package.metadata.docs.rs] names no target".into());
    }
    setup::wasm_target()?;
    let host = stdout_of(Command::new("rustc").arg("-vV")).unwrap_or_default();
    let host = host.lines().find_map(|line| line.strip_prefix("host: ")).unwrap_or_default().to_owned();
    for target in &docs_rs.targets {
        let mut doc = own_workspace_cargo(library, "doc")?;
        doc.args(["--no-deps", "--features", &docs_rs.features.join(",")]);
        // The host's docs without `--target`: in the same folder as the other native builds.
        if *target != host {
            doc.args(["--target", target]);
        }
        shell::run(doc.env("RUSTDOCFLAGS", "-D warnings"))?;
    }
    Ok(())
}

/// `cargo run` of the program with `toolchain` against a fresh simulator.
fn native(dir: &Path, toolchain: &Toolchain) -> Result<()> {
    let sim = SimulatorProcess::start(&[])?;
    let mut run = own_workspace(toolchain.cargo()?, dir, "run")?;
    shell::run(run.arg("--quiet").env("MAGISTERIUM_ENDPOINT", sim.endpoint()))
}

/// `cargo test --lib` of the unpacked `library` with `toolchain`: the tests
/// the package ships (its fixtures are in its `include`).
fn unit_tests(library: &Path, toolchain: &Toolchain) -> Result<()> {
    shell::run(own_workspace(toolchain.cargo()?, library, "test")?.arg("--lib"))
}

/// `cargo build --lib` of the program for wasm32, with the toolchain running the suite.
fn wasm32(dir: &Path) -> Result<()> {
    setup::wasm_target()?;
    let mut build = own_workspace_cargo(dir, "build")?;
    shell::run(build.args(["--lib", "--target", "wasm32-unknown-unknown"]))
}

/// `cargo check --lib` of the program for wasm32 with `toolchain`.
fn msrv_wasm32(dir: &Path, toolchain: &Toolchain) -> Result<()> {
    shell::run(own_workspace(toolchain.cargo()?, dir, "check")?.args(["--lib", "--target", "wasm32-unknown-unknown"]))
}

/// The toolchain of the library's `rust-version`: the one running this suite
/// when it is that version (`1.95` names 1.95.x), else rustup's of that name,
/// which must be older (as written: rustup's `1.88` is the newest 1.88.x, and
/// a toolchain installed by that name is found again).
struct Toolchain {
    /// The rustup toolchain to use, or `None` for the running one.
    rustup: Option<String>,
    /// Its version, as the running `rustc` prints it or as declared.
    version: String,
}

impl Toolchain {
    /// The toolchain to test `rust_version` with.
    fn of(rust_version: &str) -> Result<Toolchain> {
        let running = stdout_of(Command::new("rustc").arg("--version")).unwrap_or_default();
        let running = running.split_whitespace().nth(1).unwrap_or_default().to_owned();
        if running == rust_version || running.starts_with(&format!("{rust_version}.")) {
            return Ok(Toolchain { rustup: None, version: running });
        }
        if version_key(rust_version) > version_key(&running) {
            return Err(format!(
                "rust-version {rust_version} is newer than the toolchain running the tests ({running})"
            ));
        }
        Ok(Toolchain { rustup: Some(rust_version.to_owned()), version: rust_version.to_owned() })
    }

    /// How the checks name it: `Rust 1.88 (the rust-version)`.
    fn named(&self) -> String {
        format!("Rust {} (the rust-version)", self.version)
    }

    /// Its `cargo`, given the environment the running toolchain's is (a test
    /// run builds without incremental compilation).
    fn cargo(&self) -> Result<Command> {
        let Some(version) = &self.rustup else { return Ok(cargo()) };
        let mut declared = setup::toolchain_cargo(version)?;
        for (key, value) in cargo().get_envs() {
            match value {
                Some(value) => declared.env(key, value),
                None => declared.env_remove(key),
            };
        }
        Ok(declared)
    }
}

/// `1.95.0` as numbers, to compare versions.
fn version_key(version: &str) -> Vec<u32> {
    version.split('.').map(|part| part.parse().unwrap_or(0)).collect()
}

/// The program's temporary folder; removed when dropped.
struct Folder(PathBuf);

impl Folder {
    /// A new folder under the system's temporary one.
    fn create() -> Result<Folder> {
        let dir = std::env::temp_dir().join(format!("magisterium-user-crate-{}", std::process::id()));
        if dir.starts_with(root()) {
            return Err(format!("{} is inside the repository: set TMPDIR elsewhere", dir.display()));
        }
        if dir.exists() {
            fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Folder(dir))
    }

    /// Copies the template into the folder, `library`'s absolute path in its `Cargo.toml`.
    fn write_program(&self, library: &Path) -> Result<()> {
        let template = root().join(TEMPLATE);
        let manifest = read(&template.join("Cargo.toml.template"))?;
        // A TOML literal string: any character but `'`.
        let library = library.to_str().filter(|path| !path.contains('\'')).map(str::to_owned);
        let library = library.ok_or("the library's path is not UTF-8 or holds a `'`")?;
        write(&self.0.join("Cargo.toml"), &manifest.replace("{{LIBRARY_PATH}}", &library))?;
        for file in ["src/lib.rs", "src/main.rs"] {
            write(&self.0.join(file), &read(&template.join(file))?)?;
        }
        Ok(())
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        if let Err(e) = fs::remove_dir_all(&self.0) {
            eprintln!("  user crate: could not remove {}: {e}", self.0.display());
        }
    }
}
