//! Running commands: each is printed before it runs, and a failure names it.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};

/// Errors are messages for the person at the terminal.
pub type Result<T> = std::result::Result<T, String>;

/// The workspace root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map_or(manifest.clone(), Path::to_path_buf)
}

/// A command, described as the shell would show it.
fn describe(cmd: &Command) -> String {
    let mut text = cmd.get_program().to_string_lossy().into_owned();
    for arg in cmd.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text
}

/// Runs `cmd` with inherited output; fails unless it exits 0.
pub fn run(cmd: &mut Command) -> Result<()> {
    let text = describe(cmd);
    println!("  $ {text}");
    let status = cmd.status().map_err(|e| format!("could not start `{text}`: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("`{text}` failed ({status})")) }
}

/// Runs `cmd` with its output, and the command first, written to `log`; fails unless it exits 0.
pub fn run_into(cmd: &mut Command, log: &File) -> Result<()> {
    let text = describe(cmd);
    let failed = |e: std::io::Error| format!("could not start `{text}`: {e}");
    writeln!(&*log, "  $ {text}").map_err(failed)?;
    let (out, err) = (log.try_clone().map_err(failed)?, log.try_clone().map_err(failed)?);
    let status = cmd.stdout(out).stderr(err).status().map_err(failed)?;
    if status.success() { Ok(()) } else { Err(format!("`{text}` failed ({status})")) }
}

/// Runs `cmd` (printed first), returning its stdout; fails unless it exits 0.
pub fn stdout_or_fail(cmd: &mut Command) -> Result<String> {
    let text = describe(cmd);
    println!("  $ {text}");
    let output = cmd.stderr(Stdio::inherit()).output().map_err(|e| format!("could not start `{text}`: {e}"))?;
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        Err(format!("`{text}` failed ({})", output.status))
    }
}

/// Runs `cmd` quietly and returns its output, whatever its exit status.
pub fn capture(cmd: &mut Command) -> Result<Output> {
    let text = describe(cmd);
    cmd.output().map_err(|e| format!("could not start `{text}`: {e}"))
}

/// Runs `cmd`, echoing its stdout while keeping the lines; stderr passes
/// through. Whether it exited 0, and the lines.
pub fn tee(cmd: &mut Command) -> Result<(bool, Vec<String>)> {
    let mut child =
        cmd.stdout(Stdio::piped()).spawn().map_err(|e| format!("could not start {}: {e}", describe(cmd)))?;
    let mut lines = Vec::new();
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(std::result::Result::ok) {
            println!("{line}");
            lines.push(line);
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    Ok((status.success(), lines))
}

/// The trimmed stdout of `cmd`, or `None` when it cannot run or fails.
pub fn stdout_of(cmd: &mut Command) -> Option<String> {
    let output = cmd.output().ok()?;
    output.status.success().then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// Whether [`cargo`]'s builds are whole rather than incremental (set by a test run).
static WHOLE_BUILDS: AtomicBool = AtomicBool::new(false);

/// Makes the later [`cargo`] commands build without incremental compilation,
/// unless the caller's `CARGO_INCREMENTAL` says otherwise: a test run builds
/// each crate once, and on a fresh clone the incremental caches only cost
/// time (docs/testing.md, "How long it takes").
pub fn build_whole() {
    WHOLE_BUILDS.store(true, Ordering::Relaxed);
}

/// Lowers by 5 the CPU priority of this process's main thread, which must be the caller, and so
/// of every process it starts from then on (`renice`: on Linux a thread's niceness is its own, and
/// the processes it starts inherit it): its work gets what the run's other processes and threads,
/// started before, leave of the cores. Best effort: without `renice` nothing changes.
pub fn yield_cpu() {
    // The main thread's id is the process id, which `renice -p` names.
    let mut renice = Command::new("renice");
    renice.args(["-n", "5", "-p", &std::process::id().to_string()]);
    let _ = renice.stdout(Stdio::null()).stderr(Stdio::null()).status();
}

/// A `cargo` command using the toolchain that runs xtask.
pub fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(root());
    if WHOLE_BUILDS.load(Ordering::Relaxed) && std::env::var_os("CARGO_INCREMENTAL").is_none() {
        cmd.env("CARGO_INCREMENTAL", "0");
    }
    cmd
}

/// A tool installed by `npm ci` under `node_modules/.bin`.
pub fn npm_bin(name: &str) -> Command {
    let mut cmd = Command::new(root().join("node_modules/.bin").join(name));
    cmd.current_dir(root());
    cmd
}
