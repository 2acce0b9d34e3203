//! `cargo xtask test`: every suite, one summary line each, then the plain
//! line `N passed, N failed`.

use crate::agent_server;
use crate::build::NPM_CRATE;
use crate::child_server::ChildServer;
use crate::shell::{Result, cargo, root};
use crate::sim::Simulator;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// The result of one suite.
pub struct Outcome {
    /// Tests that passed.
    pub passed: usize,
    /// Tests that failed (a suite that could not run counts one).
    pub failed: usize,
}

impl Outcome {
    /// A suite that could not run at all.
    pub fn broken(why: &str) -> Outcome {
        eprintln!("  suite error: {why}");
        Outcome { passed: 0, failed: 1 }
    }
}

/// Gzip budget of the web build (wasm + JS), in bytes: the measured 40.0 KB
/// of this round plus a little room, so a regression fails the suite.
pub const SIZE_BUDGET: usize = 40 * 1024 + 512;

/// Runs every suite; fails when any test failed.
pub fn run() -> Result<()> {
    let mut results: Vec<(&str, Outcome)> = vec![
        ("core and npm crate unit tests (native)", cargo_tests(&["-p", "magisterium-a2a", "-p", NPM_CRATE, "--lib"])),
        (
            "Rust client (native, against the simulator in-process)",
            cargo_tests(&["-p", "magisterium-a2a", "--test", "client"]),
        ),
        ("Rust crate docs (doctests, against a fresh simulator)", doctests()),
        ("simulator tests (native)", cargo_tests(&["-p", "magisterium-sim"])),
        ("xtask tests (native)", cargo_tests(&["-p", "xtask"])),
        ("a Rust program outside the repository (native vs simulator, wasm32 build)", crate::user_crate::run()),
        ("fuzzing (cargo fuzz, decoder and validation)", crate::fuzz::run()),
    ];
    let package = crate::package_checks::run();
    let built = package.failed == 0;
    results.push(("package (build, npm pack, size budget)", package));
    if built {
        results.push((
            "TypeScript matrix (5.0, 5.9, 7.0 × targets, resolutions, ESM and CommonJS)",
            crate::typecheck::run(),
        ));
    }
    if built {
        let differential = crate::differential::run();
        results.push((
            "differential (the package in Node vs the native core, random responses)",
            Outcome { passed: differential.passed, failed: differential.failed },
        ));
        results.push(("page suite (demo and widget in Chromium, Playwright)", crate::demo::page_suite()));
        match Simulator::start(&["--rate-default", "600/60s", "--rate-expensive", "600/60s"])
            .and_then(|sim| Ok((sim, agent_server::start()?)))
        {
            Ok((sim, agent)) => {
                results.push((
                    "browser suite (headless Chromium vs simulator and agent, cross-origin)",
                    crate::browser::run(&sim, &agent),
                ));
                results.push(("node suite (nodejs build vs simulator and agent)", node_tests(&sim, &agent)));
                results.push(("README examples (executed in Node)", crate::readme::run(&sim, &agent)));
                results.push((
                    "bundlers suite (the tarball in Vite, webpack, Rollup, esbuild, a plain page and Node)",
                    crate::bundlers::run(&sim),
                ));
            }
            Err(e) => results.push(("node suite (nodejs build vs simulator and agent)", Outcome::broken(&e))),
        }
    }
    println!();
    let (mut passed, mut failed) = (0, 0);
    for (name, outcome) in &results {
        println!("suite {name}: {} passed, {} failed", outcome.passed, outcome.failed);
        passed += outcome.passed;
        failed += outcome.failed;
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 { Ok(()) } else { Err(format!("{failed} failed")) }
}

/// The crate docs' examples, compiled and run against a simulator of their own
/// (its rate limits fresh, as a new user's would be).
fn doctests() -> Outcome {
    match Simulator::start(&[]) {
        Ok(sim) => {
            let mut cmd = cargo();
            cmd.args(["test", "-p", "magisterium-a2a", "--doc"]).env("MAGISTERIUM_ENDPOINT", sim.endpoint());
            cargo_outcome(&mut cmd)
        }
        Err(e) => Outcome::broken(&e),
    }
}

/// `cargo test` with `args`, counted from its `test result:` lines.
fn cargo_tests(args: &[&str]) -> Outcome {
    let mut cmd = cargo();
    cmd.arg("test").args(args);
    cargo_outcome(&mut cmd)
}

/// Runs a `cargo test` command, counting its `test result:` lines.
pub fn cargo_outcome(cmd: &mut Command) -> Outcome {
    let (success, lines) = match tee(cmd) {
        Ok(run) => run,
        Err(e) => return Outcome::broken(&e),
    };
    let mut outcome = Outcome { passed: 0, failed: 0 };
    for line in lines.iter().filter_map(|l| l.strip_prefix("test result: ")) {
        outcome.passed += count_before(line, " passed");
        outcome.failed += count_before(line, " failed");
    }
    if !success && outcome.failed == 0 {
        return Outcome::broken("cargo test failed before reporting results");
    }
    outcome
}

/// The Node suites (`node --test`) against the simulator and the fixture agent, importing the packed package.
fn node_tests(sim: &Simulator, agent: &ChildServer) -> Outcome {
    let mut cmd = Command::new("node");
    cmd.current_dir(root().join("tests/node"))
        .args(["--test", "--test-reporter=spec", "--test-concurrency=1"])
        .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
        .env("MAGISTERIUM_SIMULATOR", &sim.url)
        .env("MAGISTERIUM_TOKEN", "demo-token")
        .env(agent_server::ENV, &agent.url);
    node_outcome(&mut cmd)
}

/// Counts `node --test` results from its closing `ℹ pass N` / `ℹ fail N` lines.
pub fn node_outcome(cmd: &mut Command) -> Outcome {
    let (success, lines) = match tee(cmd) {
        Ok(run) => run,
        Err(e) => return Outcome::broken(&e),
    };
    let total = |label: &str| {
        lines
            .iter()
            .rev()
            .find_map(|l| l.trim_start_matches(['ℹ', '#', ' ']).strip_prefix(label)?.trim().parse::<usize>().ok())
    };
    match (total("pass "), total("fail ")) {
        (Some(passed), Some(failed)) if success || failed > 0 => Outcome { passed, failed },
        _ => Outcome::broken("node --test did not report its results"),
    }
}

/// The number just before `label` in `text` (`"54 passed"` → 54).
fn count_before(text: &str, label: &str) -> usize {
    let Some(end) = text.find(label) else { return 0 };
    let digits: String = text[..end].chars().rev().take_while(char::is_ascii_digit).collect();
    digits.chars().rev().collect::<String>().parse().unwrap_or(0)
}

/// Runs `cmd`, echoing its stdout while keeping the lines; stderr passes through.
pub fn tee(cmd: &mut Command) -> Result<(bool, Vec<String>)> {
    let mut child = cmd.stdout(Stdio::piped()).spawn().map_err(|e| format!("could not start {cmd:?}: {e}"))?;
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
