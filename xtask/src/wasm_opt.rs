//! npm binaryen's `wasm-opt`, as every `.wasm` of the package is shrunk.
//!
//! binaryen is deterministic: the same module and passes give the same
//! output. So each run's output (and what it printed) is kept in
//! [`CACHE`], keyed by the passes, binaryen's version and the module's bytes,
//! and replayed when asked again: the package's Node build binds the very
//! `.wasm`s its web build bound (wasm-bindgen writes the same module for
//! `--target web` and `--target nodejs`), and one `cargo xtask test` shrinks
//! the simulator's module in two processes (the simulator and package
//! suites). Measured: about 50 s of CPU a run (docs/testing.md, "How long it takes").

use crate::files::read;
use crate::shell::{self, Result, npm_bin, root};
use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Where the runs are kept, under the target folder.
const CACHE: &str = "target/wasm-opt-cache";

/// How many runs [`CACHE`] keeps (the least recently used go first): a build
/// makes ten, one for each pass of each module.
const KEPT: usize = 48;

/// Runs npm binaryen's `wasm-opt` with `passes` on `module` in place (with the
/// features wasm-bindgen's output uses), or replays a run of the same passes on
/// the same bytes; what it printed.
pub fn wasm_opt(passes: &[&str], module: &Path) -> Result<String> {
    let mut args: Vec<&str> = passes.to_vec();
    args.extend([
        "--enable-bulk-memory",
        "--enable-nontrapping-float-to-int",
        "--enable-sign-ext",
        "--enable-reference-types",
        "--enable-multivalue",
        "--enable-mutable-globals",
    ]);
    let input = fs::read(module).map_err(|e| format!("{}: {e}", module.display()))?;
    let run = Run::of(&args, &input)?;
    if let Some(printed) = run.replay(&input, module)? {
        println!("  wasm-opt {}: the same run as before ({})", args.join(" "), run.stem.display());
        return Ok(printed);
    }
    let printed = shell::stdout_or_fail(npm_bin("wasm-opt").args(&args).arg(module).arg("-o").arg(module))?;
    run.keep(&input, module, &printed)?;
    Ok(printed)
}

/// One run of `wasm-opt` in [`CACHE`]: `<stem>.in` (the module it read),
/// `<stem>.out` (what it wrote), `<stem>.txt` (what it printed).
struct Run {
    stem: PathBuf,
}

impl Run {
    /// The run of `args` (binaryen's version with them) on `input`.
    fn of(args: &[&str], input: &[u8]) -> Result<Run> {
        let manifest = read(&root().join("node_modules/binaryen/package.json"))?;
        let version: serde_json::Value = serde_json::from_str(&manifest).map_err(|e| format!("binaryen: {e}"))?;
        let mut hasher = DefaultHasher::new();
        (version.get("version").and_then(serde_json::Value::as_str), args, input).hash(&mut hasher);
        Ok(Run { stem: root().join(CACHE).join(format!("{:016x}", hasher.finish())) })
    }

    fn file(&self, extension: &str) -> PathBuf {
        self.stem.with_extension(extension)
    }

    /// When this run is kept and read exactly `input` (a hash says little), writes its output to
    /// `module` and returns what it printed.
    fn replay(&self, input: &[u8], module: &Path) -> Result<Option<String>> {
        let (Ok(read), Ok(output), Ok(printed)) =
            (fs::read(self.file("in")), fs::read(self.file("out")), fs::read_to_string(self.file("txt")))
        else {
            return Ok(None);
        };
        if read != input {
            return Ok(None);
        }
        fs::write(module, output).map_err(|e| format!("{}: {e}", module.display()))?;
        // Its date says when it was last used (see `prune`).
        let touched =
            fs::File::options().append(true).open(self.file("txt")).and_then(|f| f.set_modified(SystemTime::now()));
        touched.map_err(|e| format!("{}: {e}", self.file("txt").display()))?;
        Ok(Some(printed))
    }

    /// Keeps this run (each file written beside, then renamed: another process may read it
    /// meanwhile), then forgets the least recently used beyond [`KEPT`].
    fn keep(&self, input: &[u8], module: &Path, printed: &str) -> Result<()> {
        let dir = root().join(CACHE);
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let output = fs::read(module).map_err(|e| format!("{}: {e}", module.display()))?;
        // The printed text last: a run is whole once its `.txt` is there.
        for (extension, bytes) in [("in", input), ("out", &output[..]), ("txt", printed.as_bytes())] {
            let file = self.file(extension);
            let partial = self.file(&format!("{extension}.{}", std::process::id()));
            fs::write(&partial, bytes).map_err(|e| format!("{}: {e}", partial.display()))?;
            fs::rename(&partial, &file).map_err(|e| format!("{}: {e}", file.display()))?;
        }
        prune(&dir)
    }
}

/// Removes the runs of `dir` beyond the [`KEPT`] most recently used.
fn prune(dir: &Path) -> Result<()> {
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut runs: Vec<(SystemTime, PathBuf)> = entries
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .map(|path| (fs::metadata(&path).and_then(|m| m.modified()).unwrap_or(SystemTime::UNIX_EPOCH), path))
        .collect();
    runs.sort_by_key(|(used, _)| std::cmp::Reverse(*used));
    for (_, txt) in runs.into_iter().skip(KEPT) {
        for extension in ["txt", "out", "in"] {
            // Another process may have removed it first.
            let _ = fs::remove_file(txt.with_extension(extension));
        }
    }
    Ok(())
}
