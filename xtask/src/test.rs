//! `cargo xtask test [SUITE…]`: the list of suites. Each prints one summary
//! line with its time; the run ends with the plain line `N passed, N failed`.
//! Naming suites runs only those (and the package suite, which every suite
//! after it needs). The Rust suites run in turn; the package and the suites
//! after it run in turn too, beside them in a second process when both
//! groups are asked for (see test_lane.rs); once the package is built, the
//! suites of [`BESIDE_PAGE`] run in a third, beside the page suite and those
//! after it.

use crate::build::NPM_CRATE;
use crate::shell::{self, Result};
use crate::sim::SimulatorProcess;
use crate::suite_clock::{SuiteClock, Used};
use crate::tally::Tally;
use crate::test_command::cargo_test;
use crate::test_lane::{self, LaneOutcome};
use crate::{
    agent_server, browser, bundlers, code_checks, demo, differential, doctests, fuzz, node_suite, package_checks,
    proxy_suite, readme, setup, sim_suite, typecheck, user_crate, wordpress,
};

/// The suites' short names, in the order they run: what `cargo xtask test NAME…` takes.
pub const SUITES: [&str; 18] = [
    "checks",
    "unit",
    "client",
    "doctests",
    "simulator",
    "xtask",
    "user-crate",
    "fuzz",
    "package",
    "types",
    "differential",
    "page",
    "proxy",
    "wordpress",
    "browser",
    "node",
    "readme",
    "bundlers",
];

/// The suites after the package that run in a child process of their own beside the page
/// suite and the suites after it, when both kinds are asked for: the page suite (Chromium)
/// and the proxy suite (Node, workerd, WordPress) each mostly wait, a few minutes each, on
/// servers of their own (docs/testing.md, "How long it takes").
const BESIDE_PAGE: [&str; 4] = ["types", "differential", "proxy", "wordpress"];

/// One suite's outcome: its title, its counts and what it used.
struct SuiteResult {
    title: String,
    tally: Tally,
    used: Used,
}

/// The suites chosen on the command line, and their outcomes as they run.
struct Run {
    wanted: Vec<String>,
    /// Suites asked for that another process runs.
    elsewhere: Vec<&'static str>,
    outcomes: Vec<SuiteResult>,
    clock: SuiteClock,
}

impl Run {
    /// Whether the suite `name` was asked for (every suite when none was named).
    fn wants(&self, name: &str) -> bool {
        !self.elsewhere.contains(&name) && (self.wanted.is_empty() || self.wanted.iter().any(|w| w == name))
    }

    /// Runs `suite` when `name` was asked for, timing it.
    fn suite(&mut self, name: &str, title: &'static str, suite: impl FnOnce() -> Tally) {
        if self.wants(name) {
            let clock = SuiteClock::start();
            let tally = suite();
            self.outcomes.push(SuiteResult { title: title.to_owned(), tally, used: clock.used() });
        }
    }

    /// What the suites asked for need that [`setup::Background`] installs, beside the first builds.
    fn installs_wanted(&self) -> setup::Wanted {
        let without_npm = ["unit", "xtask", "user-crate", "fuzz"];
        setup::Wanted {
            npm: SUITES.iter().any(|name| self.wants(name) && !without_npm.contains(name)),
            debian: !self.later_wanted().is_empty(),
            rust_version: self.wants("user-crate"),
        }
    }

    /// The suites from the package on that were asked for.
    fn later_wanted(&self) -> Vec<&'static str> {
        SUITES[PACKAGE..].iter().copied().filter(|name| self.wants(name)).collect()
    }
}

/// Where the package's suite is in [`SUITES`]: it and the suites after it need the built package.
const PACKAGE: usize = 8;

/// Runs every suite, or those named in `args`; fails when any test failed.
pub fn run(args: &[String]) -> Result<()> {
    if let Some(unknown) = args.iter().find(|a| !SUITES.contains(&a.as_str())) {
        return Err(format!("no suite `{unknown}`: the suites are {}", SUITES.join(", ")));
    }
    crate::shell::build_whole();
    // The npm crate's build script joins its JS with esbuild (npm/build.rs): the tools first.
    setup::npm_tools()?;
    let mut run =
        Run { wanted: args.to_vec(), elsewhere: Vec::new(), outcomes: Vec::new(), clock: SuiteClock::start() };
    let installs = (!test_lane::is_child()).then(|| setup::Background::start(run.installs_wanted()));
    let rust_wanted = SUITES[..PACKAGE].iter().any(|name| run.wants(name));
    let later = run.later_wanted();
    let lane = match (rust_wanted, later.is_empty()) {
        (true, false) => Some(test_lane::start(&later)?),
        _ => None,
    };
    // Built and run on a thread of its own from the start, beside every other suite (see fuzz.rs).
    let fuzzing = run.wants("fuzz").then(|| (SuiteClock::start(), fuzz::start()));
    if lane.is_some() {
        // The other process's suites (the wasm-bindgen CLI, the package, then the page and proxy
        // suites, each waiting on its servers) and the fuzz thread are the run's longest lines: this
        // thread's suites, which end minutes before them, take the CPU they leave.
        shell::yield_cpu();
    }
    run.suite(
        "checks",
        "code checks (rustfmt, clippy natively and on wasm32, import cycles, actionlint)",
        code_checks::run,
    );
    run.suite("unit", "core and npm crate unit tests (native)", || {
        cargo_test(&["-p", "magisterium-a2a", "-p", NPM_CRATE, "--lib"])
    });
    // The client's tests start the SDK fixture agents (node), which need the npm tools' packages.
    run.suite("client", "Rust client (native, against the simulator in-process and the SDK fixture agents)", || {
        match setup::npm_tools() {
            // With the `tracing` feature: its spans are checked (tests/client/spans.rs).
            Ok(()) => cargo_test(&["-p", "magisterium-a2a", "--test", "client", "--features", "tracing"]),
            Err(e) => Tally::broken(&e),
        }
    });
    run.suite("doctests", "Rust crate docs (doctests, against a fresh simulator)", doctests::run);
    run.suite(
        "simulator",
        "simulator tests (native, then the HTTP ones against the npm package's Node server)",
        sim_suite::run,
    );
    run.suite("xtask", "xtask tests (native)", || cargo_test(&["-p", "xtask"]));
    run.suite(
        "user-crate",
        "the packaged crate (docs for both targets) and a Rust program on it (native vs simulator, wasm32, rust-version)",
        user_crate::run,
    );
    match lane {
        Some(lane) => run.outcomes.extend(lane.finish().iter().map(SuiteResult::from)),
        None => package_and_later(&mut run),
    }
    if let Some((clock, fuzzing)) = fuzzing {
        let tally = fuzzing.finish();
        run.outcomes.push(SuiteResult {
            title: "fuzzing (libFuzzer: built, then run beside the other suites, which count its CPU time)".into(),
            tally,
            used: Used { cpu: None, ..clock.used() },
        });
    }
    if let Some(installs) = installs {
        installs.finish();
    }
    summary(&run)
}

/// The package suite and the suites that need the package, those asked for.
fn package_and_later(run: &mut Run) {
    if run.later_wanted().is_empty() {
        return;
    }
    if !test_lane::package_built() {
        let clock = SuiteClock::start();
        let (package, built) = package_checks::run();
        run.outcomes.push(SuiteResult {
            title: "package (build, npm pack, size budget)".into(),
            tally: package,
            used: clock.used(),
        });
        if !built {
            return;
        }
    }
    let beside = beside_page(run);
    later_suites(run);
    if let Some(lane) = beside {
        run.outcomes.extend(lane.finish().iter().map(SuiteResult::from));
    }
}

/// Starts the suites of [`BESIDE_PAGE`] asked for in a child process, when others after the
/// package are asked for too (which then run here, meanwhile).
fn beside_page(run: &mut Run) -> Option<test_lane::Lane> {
    let (beside, here): (Vec<&'static str>, Vec<&'static str>) =
        run.later_wanted().into_iter().filter(|name| *name != "package").partition(|name| BESIDE_PAGE.contains(name));
    if beside.is_empty() || here.is_empty() {
        return None;
    }
    let started = test_lane::start_beside_page(&beside);
    run.elsewhere = beside;
    match started {
        Ok(lane) => Some(lane),
        Err(e) => {
            run.outcomes.push(SuiteResult {
                title: format!("the suites {}", run.elsewhere.join(", ")),
                tally: Tally::broken(&e),
                used: Used::default(),
            });
            None
        }
    }
}

/// The suites after the package that were asked for, in turn.
fn later_suites(run: &mut Run) {
    run.suite("types", "TypeScript matrix (5.0, 5.9, 7.0 × targets, resolutions, ESM and CommonJS)", typecheck::run);
    run.suite(
        "differential",
        "differential (the package in Node vs the native core, random responses)",
        differential::run,
    );
    run.suite("page", "page suite (demo and widget in Chromium, Playwright)", demo::page_suite);
    run.suite(
        "proxy",
        "proxy suite (the parish proxy on Node, workerd and as the WordPress route vs the simulator, its deploy recipes)",
        proxy_suite::run,
    );
    run.suite(
        "wordpress",
        "wordpress suite (the plugin: php -l, phpcs, its shortcodes, blocks and settings page in a throw-away WordPress)",
        wordpress::suite,
    );
    if ["browser", "node", "readme", "bundlers"].iter().any(|name| run.wants(name)) {
        match SimulatorProcess::start(&["--rate-default", "600/60s", "--rate-expensive", "600/60s"])
            .and_then(|sim| Ok((sim, agent_server::start()?)))
        {
            Ok((sim, agents)) => {
                run.suite("browser", "browser suite (headless Chromium vs simulator and agent, cross-origin)", || {
                    browser::run(&sim, &agents)
                });
                run.suite("node", "node suite (nodejs build vs simulator and agent)", || {
                    node_suite::run(&sim, &agents)
                });
                run.suite("readme", "README examples (executed in Node against the simulator alone)", || {
                    readme::run(&sim)
                });
                run.suite(
                    "bundlers",
                    "bundlers suite (the tarball in Vite, webpack, Rollup, esbuild, a plain page and Node)",
                    || bundlers::run(&sim),
                );
            }
            Err(e) => run.outcomes.push(SuiteResult {
                title: "node suite (nodejs build vs simulator and agent)".into(),
                tally: Tally::broken(&e),
                used: Used::default(),
            }),
        }
    }
}

impl From<&LaneOutcome> for SuiteResult {
    fn from(outcome: &LaneOutcome) -> SuiteResult {
        SuiteResult { title: outcome.title.clone(), tally: outcome.tally(), used: outcome.used() }
    }
}

/// One line per suite with its time, the whole run's, then `N passed, N failed`
/// (and each outcome to the parent, in the second process); fails when any test failed.
fn summary(run: &Run) -> Result<()> {
    println!();
    let mut total = Tally::default();
    for SuiteResult { title, tally, used } in &run.outcomes {
        let (wall, cpu) = (used.wall.as_secs_f64(), used.cpu);
        test_lane::report(&LaneOutcome {
            title: title.clone(),
            passed: tally.passed,
            failed: tally.failed,
            wall,
            cpu,
        })?;
        println!("suite {title}: {} passed, {} failed ({used})", tally.passed, tally.failed);
        total.passed += tally.passed;
        total.failed += tally.failed;
    }
    println!("the whole run: {}", run.clock.used());
    total.conclude()
}

#[cfg(test)]
mod tests {
    use super::{BESIDE_PAGE, PACKAGE, SUITES};

    #[test]
    fn the_package_suite_starts_the_later_group() {
        assert_eq!(SUITES[PACKAGE], "package");
    }

    #[test]
    fn the_suites_beside_the_page_suite_are_suites_after_the_package() {
        for name in BESIDE_PAGE {
            assert!(SUITES[PACKAGE + 1..].contains(&name), "{name}");
        }
        assert!(!BESIDE_PAGE.contains(&"page"));
    }
}
