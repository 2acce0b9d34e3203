//! The fuzz suite: a short libFuzzer run of each target over the core's response decoder, input
//! validation and event-stream reader, seeded with the recorded responses and every past crash.
//! A crash fails the suite.
//!
//! The targets are built as `cargo fuzz build --sanitizer none` builds them (libFuzzer and its
//! coverage instrumentation, debug assertions, one codegen unit), by the toolchain running xtask:
//! no nightly toolchain, no cargo-fuzz to install, no AddressSanitizer, which has nothing of ours
//! to watch (the crate forbids `unsafe`) and let a quarter of the executions or fewer run in the
//! same time (docs/testing.md, "Fuzzing").
//! A longer run, with the sanitizer: `cargo +nightly fuzz run decode -- -max_total_time=3600` in `fuzz/`.
//!
//! The targets are built, then run one after another, on a thread of their
//! own started with the run, while the other suites go on: the build uses a
//! target folder of its own, and a fuzzer keeps one core busy for a set time
//! while the suites beside it mostly wait (docs/testing.md, "How long it
//! takes"). The code checks also compile the targets ([`clippy`]), so a
//! target that no longer compiles fails there too, with clippy's words.

use crate::shell::{self, Result, root, stdout_of};
use crate::tally::Tally;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::{self, JoinHandle};

/// Seconds each target runs inside `cargo xtask test`.
const SECONDS_PER_TARGET: u32 = 30;

/// The targets and their seed folders (relative to the root).
const FUZZ_TARGETS: [(&str, &[&str]); 3] = [
    ("decode", &["tests/fixtures/responses", "tests/fixtures/fuzz-regressions"]),
    ("validate", &["tests/fixtures/fuzz-regressions"]),
    ("events", &["tests/fixtures/responses", "tests/fixtures/fuzz-regressions"]),
];

/// What cargo-fuzz 0.13 gives rustc for `cargo fuzz build --sanitizer none` on Linux (its
/// `src/project.rs`): libFuzzer's coverage counters, its comparison hooks and stack depth,
/// `cfg(fuzzing)`, no branch folding, debug assertions, and one codegen unit (with more, the
/// coverage passes keep ThinLTO from inlining).
const RUSTFLAGS: [&str; 10] = [
    "-Cpasses=sancov-module",
    "-Cllvm-args=-sanitizer-coverage-level=4",
    "-Cllvm-args=-sanitizer-coverage-inline-8bit-counters",
    "-Cllvm-args=-sanitizer-coverage-pc-table",
    "-Cllvm-args=-sanitizer-coverage-trace-compares",
    "--cfg=fuzzing",
    "-Cllvm-args=-simplifycfg-branch-fold-threshold=0",
    "-Cllvm-args=-sanitizer-coverage-stack-depth",
    "-Cdebug-assertions",
    "-Ccodegen-units=1",
];

/// The fuzz suite once started: its targets being built, then run, on a thread of their own.
pub struct Fuzzing(JoinHandle<Tally>);

impl Fuzzing {
    /// Waits for the targets to end: the suite's outcome.
    pub fn finish(self) -> Tally {
        self.0.join().unwrap_or_else(|_| Tally::broken("the fuzz thread panicked"))
    }
}

/// Starts building every target (in `fuzz/target`: no lock shared with the other builds), then
/// running each for a short while, on a thread of their own; each target is one test. The
/// build's output is shown only when it fails, so it never interleaves with the suites that go
/// on meanwhile.
pub fn start() -> Fuzzing {
    Fuzzing(thread::spawn(|| match build() {
        Ok(bins) => run_targets(&bins),
        Err(e) => Tally::broken(&e),
    }))
}

/// The code checks' compilation of the targets (clippy, warnings as errors), so that a target
/// that no longer compiles fails in the first minutes rather than when the fuzz suite builds
/// it. Nothing is linked, so libFuzzer's C++ is not built: `CUSTOM_LIBFUZZER_PATH` (read by
/// `libfuzzer-sys`'s build script) names a library instead, which a check never opens.
pub fn clippy() -> Result<()> {
    let mut cmd = shell::cargo();
    cmd.current_dir(fuzz_dir()).args(["clippy", "--bins", "--", "-D", "warnings"]);
    shell::run(cmd.env("CUSTOM_LIBFUZZER_PATH", fuzz_dir().join("target/not-linked-by-a-check/libfuzzer.a")))
}

/// The fuzz crate's folder.
fn fuzz_dir() -> PathBuf {
    root().join("fuzz")
}

/// Builds the targets for the host with [`RUSTFLAGS`] (through `--target`, so that build
/// scripts and proc macros are built without them, as cargo-fuzz does); the folder of the
/// binaries, or the end of the build's output when it fails.
fn build() -> Result<PathBuf> {
    let host = stdout_of(Command::new("rustc").arg("-vV"))
        .and_then(|v| v.lines().find_map(|l| l.strip_prefix("host: ").map(str::to_owned)))
        .ok_or("rustc -vV names no host")?;
    let mut flags = RUSTFLAGS.join(" ");
    if let Ok(own) = std::env::var("RUSTFLAGS") {
        flags = format!("{flags} {own}");
    }
    let mut cmd = shell::cargo();
    cmd.current_dir(fuzz_dir()).args(["build", "--release", "--bins", "--target", &host]);
    cmd.args(["--config", "profile.release.debug=\"line-tables-only\""]).env("RUSTFLAGS", flags);
    let output = cmd.output().map_err(|e| format!("could not start cargo: {e}"))?;
    match output.status.success() {
        true => Ok(fuzz_dir().join("target").join(host).join("release")),
        false => Err(format!("building the fuzz targets failed:\n{}", tail(&String::from_utf8_lossy(&output.stderr)))),
    }
}

/// The last 30 lines of `log`.
fn tail(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// Runs every target built in `bins` for [`SECONDS_PER_TARGET`], one after another.
fn run_targets(bins: &Path) -> Tally {
    let mut tally = Tally::default();
    for (target, seeds) in FUZZ_TARGETS {
        let (corpus, artifacts) = (fuzz_dir().join("corpus").join(target), fuzz_dir().join("artifacts").join(target));
        if let Err(e) = std::fs::create_dir_all(&corpus).and_then(|()| std::fs::create_dir_all(&artifacts)) {
            return Tally::broken(&e.to_string());
        }
        let mut cmd = Command::new(bins.join(target));
        cmd.arg(&corpus).args(seeds.iter().map(|s| root().join(s)));
        // libFuzzer joins the prefix and the file name as text: the folder needs its `/`.
        cmd.arg(format!("-artifact_prefix={}/", artifacts.display()));
        cmd.args([&format!("-max_total_time={SECONDS_PER_TARGET}"), "-print_final_stats=1"]);
        match fuzz_once(&mut cmd) {
            Ok(runs) => tally
                .check(&format!("fuzz target {target}: {runs} executions in {SECONDS_PER_TARGET} s, no crash"), Ok(())),
            Err(e) => tally.check(&format!("fuzz target {target}"), Err(e)),
        }
    }
    tally
}

/// Runs one fuzz target; the number of executions, or why it failed.
fn fuzz_once(cmd: &mut Command) -> Result<String> {
    let output = cmd.output().map_err(|e| format!("could not start the fuzz target: {e}"))?;
    let log = String::from_utf8_lossy(&output.stderr);
    let runs = log.lines().find_map(|l| l.strip_prefix("stat::number_of_executed_units:")).map(|n| n.trim().to_owned());
    match (output.status.success(), runs) {
        (true, Some(runs)) => Ok(runs),
        _ => Err(format!("a crash (see fuzz/artifacts/):\n{}", tail(&log))),
    }
}
