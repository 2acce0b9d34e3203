//! The package's suites in a second process, beside the Rust suites.
//!
//! The Rust suites (checks, tests, the packaged crate, fuzzing) keep both
//! cores busy compiling, while the package's suites (a browser, Node, PHP,
//! servers answering) mostly wait on one: run one after the other, a cold run
//! left a core idle for minutes. So `cargo xtask test` starts the package's
//! suites as `cargo xtask test package …` in a child process (its output kept
//! in a file and printed when it ends, so the two never interleave), runs the
//! Rust suites meanwhile, and reports both. What both need is installed by
//! whichever asks first, the other waiting on its lock (setup.rs); cargo's
//! own lock orders their builds.

use crate::shell::{Result, root};
use crate::suite_clock::Used;
use crate::tally::Tally;
use serde::{Deserialize, Serialize};
use std::fs::{self, File};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::Duration;

/// Where the child writes its suites' outcomes (one JSON object a line), read back by the parent.
pub const RESULTS_ENV: &str = "MAGISTERIUM_XTASK_LANE_RESULTS";

/// Set for a child started by [`start_beside_page`]: the package is built and installed already.
const PACKAGE_BUILT_ENV: &str = "MAGISTERIUM_XTASK_PACKAGE_BUILT";

/// One suite's outcome as the child reports it.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct LaneOutcome {
    /// The suite's title.
    pub title: String,
    /// Tests passed.
    pub passed: usize,
    /// Tests failed.
    pub failed: usize,
    /// Wall seconds.
    pub wall: f64,
    /// CPU seconds, when known.
    pub cpu: Option<f64>,
}

impl LaneOutcome {
    /// The outcome's counts.
    pub fn tally(&self) -> Tally {
        Tally { passed: self.passed, failed: self.failed }
    }

    /// What the suite used.
    pub fn used(&self) -> Used {
        Used { wall: Duration::from_secs_f64(self.wall.max(0.0)), cpu: self.cpu }
    }
}

/// The child process running the package's suites.
pub struct Lane {
    child: Child,
    suites: String,
    log: PathBuf,
    results: PathBuf,
}

/// Starts `cargo xtask test SUITES…` in a child.
pub fn start(suites: &[&str]) -> Result<Lane> {
    spawn("target/test-lane", suites, false)
}

/// Starts `cargo xtask test SUITES…` in a child once this process has built and installed the
/// package (which the child then neither builds nor tests again), beside the suites this process
/// goes on with: the page, proxy and browser suites mostly wait on their servers and Chromium,
/// so two of them at once fill the cores one of them leaves idle.
pub fn start_beside_page(suites: &[&str]) -> Result<Lane> {
    spawn("target/test-lane/beside-page", suites, true)
}

/// Whether this process was started by [`start_beside_page`], the package built and installed.
pub fn package_built() -> bool {
    std::env::var_os(PACKAGE_BUILT_ENV).is_some()
}

/// Whether this process was started by [`start`] or [`start_beside_page`] (its parent reads its outcomes).
pub fn is_child() -> bool {
    std::env::var_os(RESULTS_ENV).is_some()
}

/// Starts `cargo xtask test SUITES…` in a child, its output and outcomes in the folder `dir`.
fn spawn(dir: &str, suites: &[&str], package_built: bool) -> Result<Lane> {
    let dir = root().join(dir);
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let (log, results) = (dir.join("output.log"), dir.join("results.jsonl"));
    if results.exists() {
        fs::remove_file(&results).map_err(|e| format!("{}: {e}", results.display()))?;
    }
    let out = File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
    let err = out.try_clone().map_err(|e| format!("{}: {e}", log.display()))?;
    let exe = std::env::current_exe().map_err(|e| format!("this program's path: {e}"))?;
    let mut cmd = Command::new(exe);
    cmd.arg("test").args(suites).env(RESULTS_ENV, &results).stdout(out).stderr(err);
    if package_built {
        cmd.env(PACKAGE_BUILT_ENV, "1");
    }
    let child = cmd.spawn().map_err(|e| format!("starting the package's suites: {e}"))?;
    let suites = suites.join(" ");
    println!(
        "`cargo xtask test {suites}` runs beside these suites; its output is printed when it ends ({})",
        log.display()
    );
    Ok(Lane { child, suites, log, results })
}

impl Lane {
    /// Waits for the child, prints its output, and returns its suites' outcomes.
    pub fn finish(mut self) -> Vec<LaneOutcome> {
        let status = self.child.wait();
        println!("\n---- the output of `cargo xtask test {}`, run beside the suites above ----", self.suites);
        match fs::read(&self.log) {
            Ok(bytes) => print!("{}", String::from_utf8_lossy(&bytes)),
            Err(e) => println!("(its output could not be read: {e})"),
        }
        println!("---- its end ----");
        let outcomes = fs::read_to_string(&self.results).ok().map(|text| parse(&text)).unwrap_or_default();
        match status {
            Ok(_) if !outcomes.is_empty() => outcomes,
            Ok(status) => vec![broken(&format!("the second process reported no suite ({status})"))],
            Err(e) => vec![broken(&format!("waiting for the second process: {e}"))],
        }
    }
}

/// Writes `outcome` as one line of the results file named by [`RESULTS_ENV`], when it is set.
pub fn report(outcome: &LaneOutcome) -> Result<()> {
    let Some(path) = std::env::var_os(RESULTS_ENV) else { return Ok(()) };
    let line = serde_json::to_string(outcome).map_err(|e| e.to_string())?;
    let failed = |e: std::io::Error| format!("{}: {e}", PathBuf::from(&path).display());
    let mut file = fs::OpenOptions::new().create(true).append(true).open(&path).map_err(failed)?;
    writeln!(file, "{line}").map_err(failed)
}

/// The outcomes of a results file; a line that is not one counts as a broken suite.
fn parse(text: &str) -> Vec<LaneOutcome> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| broken(&format!("an unreadable result line ({e}): {l}"))))
        .collect()
}

/// A suite of the second process that could not report.
fn broken(why: &str) -> LaneOutcome {
    let tally = Tally::broken(why);
    LaneOutcome { title: "the second process".into(), passed: tally.passed, failed: tally.failed, wall: 0.0, cpu: None }
}

#[cfg(test)]
mod tests {
    use super::{LaneOutcome, parse};

    #[test]
    fn results_read_back_as_written_and_garbage_counts_as_a_failure() {
        let outcome = LaneOutcome { title: "page".into(), passed: 3, failed: 1, wall: 2.5, cpu: Some(1.0) };
        let line = serde_json::to_string(&outcome).unwrap();
        let read = parse(&format!("{line}\n\nnot json\n"));
        assert_eq!(read.len(), 2);
        assert_eq!(read[0], outcome);
        assert_eq!((read[1].passed, read[1].failed), (0, 1));
    }
}
