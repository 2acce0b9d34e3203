//! `cargo xtask test`: the list of suites. Each runs in turn and prints one
//! summary line; the run ends with the plain line `N passed, N failed`.

use crate::build::NPM_CRATE;
use crate::shell::Result;
use crate::sim::SimulatorProcess;
use crate::tally::Tally;
use crate::test_command::cargo_test;
use crate::{
    agent_server, browser, bundlers, code_checks, demo, differential, doctests, fuzz, node_suite, package_checks,
    proxy_suite, readme, typecheck, user_crate,
};

/// Runs every suite; fails when any test failed.
pub fn run() -> Result<()> {
    let mut suites: Vec<(&str, Tally)> = vec![
        ("code checks (rustfmt, clippy natively and on wasm32, import cycles)", code_checks::run()),
        ("core and npm crate unit tests (native)", cargo_test(&["-p", "magisterium-a2a", "-p", NPM_CRATE, "--lib"])),
        (
            "Rust client (native, against the simulator in-process)",
            cargo_test(&["-p", "magisterium-a2a", "--test", "client"]),
        ),
        ("Rust crate docs (doctests, against a fresh simulator)", doctests::run()),
        ("simulator tests (native)", cargo_test(&["-p", "magisterium-sim"])),
        ("xtask tests (native)", cargo_test(&["-p", "xtask"])),
        ("a Rust program outside the repository (native vs simulator, wasm32 build)", user_crate::run()),
        ("fuzzing (cargo fuzz, decoder and validation)", fuzz::run()),
    ];
    let package = package_checks::run();
    let built = package.failed == 0;
    suites.push(("package (build, npm pack, size budget)", package));
    if built {
        suites.push(("TypeScript matrix (5.0, 5.9, 7.0 × targets, resolutions, ESM and CommonJS)", typecheck::run()));
        suites.push(("differential (the package in Node vs the native core, random responses)", differential::run()));
        suites.push(("page suite (demo and widget in Chromium, Playwright)", demo::page_suite()));
        suites.push((
            "proxy suite (the parish proxy on Node and workerd vs the simulator, its deploy recipes)",
            proxy_suite::run(),
        ));
        match SimulatorProcess::start(&["--rate-default", "600/60s", "--rate-expensive", "600/60s"])
            .and_then(|sim| Ok((sim, agent_server::start()?)))
        {
            Ok((sim, agents)) => {
                suites.push((
                    "browser suite (headless Chromium vs simulator and agent, cross-origin)",
                    browser::run(&sim, &agents),
                ));
                suites.push(("node suite (nodejs build vs simulator and agent)", node_suite::run(&sim, &agents)));
                suites.push(("README examples (executed in Node)", readme::run(&sim, &agents)));
                suites.push((
                    "bundlers suite (the tarball in Vite, webpack, Rollup, esbuild, a plain page and Node)",
                    bundlers::run(&sim),
                ));
            }
            Err(e) => suites.push(("node suite (nodejs build vs simulator and agent)", Tally::broken(&e))),
        }
    }
    summary(&suites)
}

/// One line per suite, then `N passed, N failed`; fails when any test failed.
fn summary(suites: &[(&str, Tally)]) -> Result<()> {
    println!();
    let mut total = Tally::default();
    for (name, tally) in suites {
        println!("suite {name}: {} passed, {} failed", tally.passed, tally.failed);
        total.passed += tally.passed;
        total.failed += tally.failed;
    }
    total.conclude()
}
