//! The fuzz suite: a short `cargo fuzz` run of each target (nightly,
//! libFuzzer) over the core's response decoder, input validation and event-stream reader, seeded
//! with the recorded responses and every past crash. A crash fails the suite.
//! A longer run: `cargo +nightly fuzz run decode -- -max_total_time=3600` in `fuzz/`.
//!
//! The targets are built, then run one after another, on a thread of their
//! own started after the code checks, while the other suites go on: the
//! build uses a target folder of its own, and a fuzzer keeps one core busy for
//! a set time while the suites beside it mostly wait (docs/testing.md, "How
//! long it takes").

use crate::shell::{self, Result, root, stdout_of};
use crate::tally::Tally;
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

/// The fuzz suite once started: its targets being built, then run, on a thread of their own.
pub struct Fuzzing(JoinHandle<Tally>);

impl Fuzzing {
    /// Waits for the targets to end: the suite's outcome.
    pub fn finish(self) -> Tally {
        self.0.join().unwrap_or_else(|_| Tally::broken("the fuzz thread panicked"))
    }
}

/// Starts building every target (nightly, in `fuzz/target`: no lock shared with the other
/// builds), then running each for a short while, on a thread of their own; each target is one
/// test. The build's output is shown only when it fails, so it never interleaves with the
/// suites that go on meanwhile.
pub fn start() -> Fuzzing {
    Fuzzing(thread::spawn(|| match cargo_fuzz().and_then(|()| build()) {
        Ok(()) => run_targets(),
        Err(e) => Tally::broken(&e),
    }))
}

/// `cargo +nightly fuzz build`, its output kept; the end of it when it fails.
fn build() -> Result<()> {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(root().join("fuzz")).args(["+nightly", "fuzz", "build"]);
    let output = cmd.output().map_err(|e| format!("could not start cargo fuzz: {e}"))?;
    match output.status.success() {
        true => Ok(()),
        false => Err(format!("cargo +nightly fuzz build failed:\n{}", tail(&String::from_utf8_lossy(&output.stderr)))),
    }
}

/// The last 30 lines of `log`.
fn tail(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// Runs every (built) target for [`SECONDS_PER_TARGET`], one after another.
fn run_targets() -> Tally {
    let mut tally = Tally::default();
    for (target, seeds) in FUZZ_TARGETS {
        let corpus = root().join("fuzz/corpus").join(target);
        if let Err(e) = std::fs::create_dir_all(&corpus) {
            return Tally::broken(&e.to_string());
        }
        let mut cmd = Command::new("cargo");
        cmd.current_dir(root().join("fuzz")).args(["+nightly", "fuzz", "run", target]).arg(&corpus);
        cmd.args(seeds.iter().map(|s| root().join(s)));
        cmd.args(["--", &format!("-max_total_time={SECONDS_PER_TARGET}"), "-print_final_stats=1"]);
        match fuzz_once(&mut cmd) {
            Ok(runs) => tally
                .check(&format!("fuzz target {target}: {runs} executions in {SECONDS_PER_TARGET} s, no crash"), Ok(())),
            Err(e) => tally.check(&format!("fuzz target {target}"), Err(e)),
        }
    }
    tally
}

/// Runs one fuzz command; the number of executions, or why it failed.
fn fuzz_once(cmd: &mut Command) -> Result<String> {
    let output = cmd.output().map_err(|e| format!("could not start cargo fuzz: {e}"))?;
    let log = String::from_utf8_lossy(&output.stderr);
    let runs = log.lines().find_map(|l| l.strip_prefix("stat::number_of_executed_units:")).map(|n| n.trim().to_owned());
    match (output.status.success(), runs) {
        (true, Some(runs)) => Ok(runs),
        _ => Err(format!("a crash or a failed build (see fuzz/artifacts/):\n{}", tail(&log))),
    }
}

/// `cargo fuzz` and the nightly toolchain it needs.
fn cargo_fuzz() -> Result<()> {
    if stdout_of(Command::new("rustup").args(["run", "nightly", "rustc", "--version"])).is_none() {
        println!("installing the nightly toolchain (for cargo fuzz)");
        shell::run(Command::new("rustup").args(["toolchain", "install", "nightly", "--profile", "minimal"]))?;
    }
    if stdout_of(Command::new("cargo").args(["fuzz", "--version"])).is_none() {
        println!("installing cargo-fuzz (once)");
        shell::run(Command::new("cargo").args(["install", "cargo-fuzz"]))?;
    }
    Ok(())
}
