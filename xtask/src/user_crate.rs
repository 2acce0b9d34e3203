//! A Rust program outside the repository that depends on the library by
//! path and uses its typed API natively and on wasm32: `tests/user-crate/`
//! copied into a fresh temporary folder (never inside the repository), its
//! `main` run natively against a simulator of its own (fresh rate limits:
//! the program asks twice, the demo token's limit per minute), and its
//! library built for `wasm32-unknown-unknown` (compile only). The folder is
//! removed afterwards, whatever happened.

use crate::example::own_workspace_cargo;
use crate::files::{read, write};
use crate::setup;
use crate::shell::{self, Result, root};
use crate::sim::SimulatorProcess;
use crate::tally::Tally;
use std::fs;
use std::path::{Path, PathBuf};

/// The crate's files in the repository.
const TEMPLATE: &str = "tests/user-crate";

/// Runs the program natively (one test) and builds it for wasm32 (another).
pub fn run() -> Tally {
    let folder = match Folder::create() {
        Ok(folder) => folder,
        Err(e) => return Tally::broken(&e),
    };
    let mut tally = Tally::default();
    tally.check("the typed API natively, against a fresh simulator", native(&folder.0));
    tally.check("the same crate built for wasm32", wasm32(&folder.0));
    tally
}

/// `cargo run` of the program against a fresh simulator.
fn native(dir: &Path) -> Result<()> {
    let sim = SimulatorProcess::start(&[])?;
    let mut run = own_workspace_cargo(dir, "run")?;
    shell::run(run.arg("--quiet").env("MAGISTERIUM_ENDPOINT", sim.endpoint()))
}

/// `cargo build --lib` of the program for wasm32.
fn wasm32(dir: &Path) -> Result<()> {
    setup::wasm_target()?;
    let mut build = own_workspace_cargo(dir, "build")?;
    shell::run(build.args(["--lib", "--target", "wasm32-unknown-unknown"]))
}

/// The program's temporary folder; removed when dropped.
struct Folder(PathBuf);

impl Folder {
    /// Copies the template into a new folder under the system's temporary
    /// one, the library's absolute path in its `Cargo.toml`.
    fn create() -> Result<Folder> {
        let dir = std::env::temp_dir().join(format!("magisterium-user-crate-{}", std::process::id()));
        if dir.starts_with(root()) {
            return Err(format!("{} is inside the repository: set TMPDIR elsewhere", dir.display()));
        }
        if dir.exists() {
            fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let folder = Folder(dir);
        let template = root().join(TEMPLATE);
        let manifest = read(&template.join("Cargo.toml.template"))?;
        // A TOML literal string: any character but `'`.
        let library = root().to_str().filter(|path| !path.contains('\'')).map(str::to_owned);
        let library = library.ok_or("the repository's path is not UTF-8 or holds a `'`")?;
        write(&folder.0.join("Cargo.toml"), &manifest.replace("{{LIBRARY_PATH}}", &library))?;
        for file in ["src/lib.rs", "src/main.rs"] {
            write(&folder.0.join(file), &read(&template.join(file))?)?;
        }
        Ok(folder)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        if let Err(e) = fs::remove_dir_all(&self.0) {
            eprintln!("  user crate: could not remove {}: {e}", self.0.display());
        }
    }
}
