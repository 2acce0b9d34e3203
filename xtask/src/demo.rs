//! `cargo xtask demo`: the package, the simulator and a static server for
//! `www-demo/` on two loopback ports (so the page calls the endpoint
//! cross-origin, as a browser calls magisterium.com), until Ctrl-C. Also the
//! page suite, which drives that same setup in Chromium.

use crate::shell::{Result, root};
use crate::sim::SimulatorProcess;
use crate::static_server::{Site, StaticServer};
use crate::tally::Tally;
use crate::test_command::node_test_tally;
use crate::{build, example, interrupt, setup};
use serde_json::json;
use std::path::PathBuf;
use std::process::Command;

/// The demo token the simulator accepts by default.
const DEMO_TOKEN: &str = "demo-token";

/// Builds the package, serves the demo against a fresh simulator and waits for Ctrl-C.
pub fn run() -> Result<()> {
    build::run()?;
    example::build()?;
    interrupt::catch()?;
    let sim = SimulatorProcess::start(&[])?;
    let server = serve(&sim, Vec::new())?;
    println!();
    println!("demo: open {}/", server.url);
    println!("demo: the parish widget in a host page: {}/widget.html", server.url);
    println!("demo: the Rust browser example: {}{}", server.url, example::PAGE);
    println!("demo: simulator endpoint {} (token {DEMO_TOKEN}); Ctrl-C stops everything", sim.endpoint());
    interrupt::wait();
    println!("demo: stopped");
    Ok(())
}

/// The page tests (`tests/page`, Playwright in Chromium) against the built
/// package, a simulator with generous rate limits and the demo's static server.
pub fn page_suite() -> Tally {
    let started = setup::chromium().and_then(|()| {
        example::build()?;
        let sim = SimulatorProcess::start(&["--rate-default", "600/60s", "--rate-expensive", "600/60s"])?;
        let server = serve(&sim, vec![(AUTH_APP, root().join("tests/page/auth-app"))])?;
        Ok((sim, server))
    });
    let (sim, server) = match started {
        Ok(running) => running,
        Err(e) => return Tally::broken(&e),
    };
    let mut cmd = Command::new("node");
    cmd.current_dir(root().join("tests/page"))
        .args(["--test", "--test-reporter=spec", "--test-concurrency=1"])
        .env("DEMO_URL", &server.url)
        .env("MAGISTERIUM_SIMULATOR", &sim.url)
        .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
        .env("MAGISTERIUM_SIM_BIN", SimulatorProcess::binary())
        .env("CHROMIUM", setup::CHROMIUM);
    node_test_tally(&mut cmd)
}

/// Where the page suite serves its sign-in test app (`tests/page/auth-app/`).
const AUTH_APP: &str = "/auth-app/";

/// The static server: `www-demo/` at `/`, the built `pkg/` at `/pkg/`,
/// `/demo-config.json` pointing the page at the simulator (its endpoint, and
/// its base URL as the sign-in's issuer), the Rust browser example at
/// `/example/` (its `index.html` pointed at the simulator), and `more` mounts.
fn serve(sim: &SimulatorProcess, more: Vec<(&'static str, PathBuf)>) -> Result<StaticServer> {
    let config = json!({ "endpoint": sim.endpoint(), "token": DEMO_TOKEN, "issuer": sim.url }).to_string();
    let mut mounts =
        vec![("/", root().join("www-demo")), ("/pkg/", root().join("pkg")), (example::URL_PREFIX, example::dir())];
    mounts.extend(more);
    StaticServer::start(Site {
        mounts,
        files: vec![("/demo-config.json", config), (example::PAGE, example::page_pointed_at(&sim.endpoint())?)],
    })
}
