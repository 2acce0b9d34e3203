//! The differential suite: the decoder users run (the wasm package over JS
//! values, in Node) against the native core over `serde_json`, on the same
//! responses. Every method of both client classes gets random and mutated
//! responses; the outcomes must be the same value or the same error fields,
//! and the package must never trap. Cases that once diverged are replayed
//! first; a new divergence is saved beside them and fails the suite.
//!
//! `cargo xtask differential` runs it alone on the installed package
//! (`DIFFERENTIAL_SEED` repeats a run, `DIFFERENTIAL_SECONDS` or
//! `DIFFERENTIAL_CASES` bound it).

mod case;
mod compare;
mod generate;
mod json_text;
mod mutate;
mod native;
mod node_driver;
mod npm_shape;
mod pools;
mod regressions;
mod same_requests;
mod shapes;
mod shrink;

use crate::shell::Result;
use crate::tally::Tally;
use case::{Case, TARGETS};
use compare::Verdict;
use node_driver::NodeDriver;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// How long random cases run inside `cargo xtask test`, by default.
const DEFAULT_SECONDS: u64 = 20;
/// Cases sent to the driver at a time.
const BATCH: usize = 250;
/// New fixtures saved per run at most, and per target: a broken rule
/// diverges on thousands of cases, and a few of each are enough to replay.
const MAX_SAVED: usize = 12;
const MAX_SAVED_PER_TARGET: usize = 2;

/// `cargo xtask differential`.
pub fn command() -> Result<()> {
    run().conclude()
}

/// Runs the suite against the package installed under `tests/node_modules`:
/// each replayed fixture and each target (client and method) is one test.
/// Then both clients' requests, side by side ([`same_requests`]).
pub fn run() -> Tally {
    let mut tally = match run_all() {
        Ok(tally) => tally,
        Err(e) => {
            println!("FAILED - the differential suite could not run: {e}");
            Tally { passed: 0, failed: 1 }
        }
    };
    let same = same_requests::run();
    tally.passed += same.passed;
    tally.failed += same.failed;
    tally
}

/// A run's settings, from the environment.
struct RunSettings {
    seed: u64,
    seconds: u64,
    cases: Option<u64>,
}

impl RunSettings {
    fn from_env() -> Result<RunSettings> {
        let number = |key: &str| -> Result<Option<u64>> {
            std::env::var(key)
                .ok()
                .map(|v| v.trim().parse().map_err(|_| format!("{key} must be a whole number")))
                .transpose()
        };
        let clock = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        Ok(RunSettings {
            seed: number("DIFFERENTIAL_SEED")?.unwrap_or(clock.as_nanos() as u64),
            seconds: number("DIFFERENTIAL_SECONDS")?.unwrap_or(DEFAULT_SECONDS),
            cases: number("DIFFERENTIAL_CASES")?,
        })
    }
}

fn run_all() -> Result<Tally> {
    let settings = RunSettings::from_env()?;
    let recorded = generate::recorded()?;
    let mut driver = NodeDriver::start()?;
    let mut tally = replay(&mut driver)?;
    let seed = settings.seed;
    println!("differential: seed {seed} (repeat with DIFFERENTIAL_SEED={seed} cargo xtask differential)");
    let mut run = RandomRun::default();
    let started = Instant::now();
    let mut next = 0u64;
    while settings.cases.map_or(started.elapsed() < Duration::from_secs(settings.seconds), |n| next < n) {
        let count = settings.cases.map_or(BATCH as u64, |n| (n - next).min(BATCH as u64));
        let cases: Vec<Case> = (next..next + count).map(|i| generate::case(settings.seed, i, &recorded)).collect();
        let reports = driver.run(&cases, next as usize)?;
        for ((case, report), index) in cases.iter().zip(&reports).zip(next..) {
            run.record(settings.seed, index, case, compare::judge(case, report));
        }
        next += count;
    }
    let elapsed = started.elapsed();
    run.save_failures(&mut driver);
    run.report(next, elapsed, &mut tally);
    Ok(tally)
}

/// Replays every saved fixture; each is one test.
fn replay(driver: &mut NodeDriver) -> Result<Tally> {
    let fixtures = regressions::load()?;
    let cases: Vec<Case> = fixtures.iter().map(|(_, case)| case.clone()).collect();
    let reports = driver.run(&cases, 0)?;
    let mut tally = Tally::default();
    for ((name, case), report) in fixtures.iter().zip(&reports) {
        let verdict = compare::judge(case, report);
        let result = if verdict.fails() { Err(describe(&verdict)) } else { Ok(()) };
        tally.check(&format!("regression {name}"), result);
    }
    Ok(tally)
}

/// What the random cases of one run came to.
#[derive(Default)]
struct RandomRun {
    /// Per target label: (cases, failures).
    targets: BTreeMap<String, (u64, u64)>,
    /// Parser differences by description.
    parser_differences: BTreeMap<String, u64>,
    /// The first failing cases of each target, to save: (seed, index, case, verdict).
    failures: Vec<(u64, u64, Case, Verdict)>,
    /// Failing cases beyond those.
    unsaved: usize,
}

impl RandomRun {
    fn record(&mut self, seed: u64, index: u64, case: &Case, verdict: Verdict) {
        let counts = self.targets.entry(case.target.label()).or_default();
        counts.0 += 1;
        match verdict {
            Verdict::Same => {}
            Verdict::ParserDifference(what) => *self.parser_differences.entry(what).or_default() += 1,
            failure => {
                counts.1 += 1;
                if counts.1 <= 3 {
                    println!("  case {index} of seed {seed}, {}: {}", case.target.label(), describe(&failure));
                }
                let of_target = self.failures.iter().filter(|(_, _, c, _)| c.target == case.target).count();
                if self.failures.len() < MAX_SAVED && of_target < MAX_SAVED_PER_TARGET {
                    self.failures.push((seed, index, case.clone(), failure));
                } else {
                    self.unsaved += 1;
                }
            }
        }
    }

    /// Saves each failing case, made small, as a regression fixture.
    fn save_failures(&mut self, driver: &mut NodeDriver) {
        for (seed, index, case, verdict) in std::mem::take(&mut self.failures) {
            let (case, verdict) = shrink::shrink(driver, case, verdict);
            let (js, native) = match verdict {
                Verdict::Divergence { js, native } => (serde_json::from_str(&js).unwrap_or(json!(js)), native),
                Verdict::Trap(trap) => (json!({ "trap": trap }), Value::Null),
                Verdict::Same | Verdict::ParserDifference(_) => continue,
            };
            match regressions::save(&case, json!({ "seed": seed, "case": index, "js": js, "native": native })) {
                Ok(path) => println!("  saved case {index} (shrunk) as {}", path.display()),
                Err(e) => println!("  could not save case {index}: {e}"),
            }
        }
    }

    /// Prints one line per target (each a test) and the parser differences.
    fn report(&self, cases: u64, elapsed: Duration, tally: &mut Tally) {
        for target in TARGETS {
            let (count, failures) = self.targets.get(&target.label()).copied().unwrap_or_default();
            let label = target.label();
            if failures > 0 {
                tally.check(&label, Err(format!("{failures} of {count} cases diverged or trapped")));
            } else if count == 0 {
                tally.check(&label, Err("no case ran (the run was too short)".into()));
            } else {
                tally.check(&format!("{label}: {count} cases, the package and the native core agree"), Ok(()));
            }
        }
        if self.unsaved > 0 {
            println!(
                "  {} more failing cases not saved (at most {MAX_SAVED} per run, {MAX_SAVED_PER_TARGET} per target)",
                self.unsaved
            );
        }
        let differences: u64 = self.parser_differences.values().sum();
        println!(
            "differential: {cases} random cases in {:.1} s; {differences} parser differences (not compared; the package did not trap):",
            elapsed.as_secs_f64()
        );
        for (what, count) in &self.parser_differences {
            println!("  {count:>6}  {what}");
        }
    }
}

/// A failing verdict in a line or two.
fn describe(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Trap(trap) => clip(trap),
        Verdict::Divergence { js, native } => format!("package {} ≠ native {}", clip(js), clip(&native.to_string())),
        Verdict::Same | Verdict::ParserDifference(_) => "no failure".into(),
    }
}

fn clip(text: &str) -> String {
    if text.chars().count() <= 400 { text.to_owned() } else { text.chars().take(400).collect::<String>() + "…" }
}
