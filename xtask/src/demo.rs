//! `cargo xtask demo`: the package, the simulator, the parish proxy in front
//! of it and a static server for `www-demo/`, each on its own loopback port
//! (so the pages call the endpoint cross-origin, as a browser calls
//! magisterium.com or the parish's proxy), until Ctrl-C. Also the page suite,
//! which drives that same setup in Chromium.

use crate::child_server::ChildServer;
use crate::shell::{Result, root};
use crate::sim::SimulatorProcess;
use crate::static_server::{Site, StaticServer};
use crate::tally::Tally;
use crate::test_command::node_test_tally;
use crate::{agent_server, build, example, interrupt, orchestrator_page, setup};
use serde_json::json;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The demo token the simulator accepts by default.
pub const DEMO_TOKEN: &str = "demo-token";

/// Builds the package, serves the demo against a fresh simulator and waits for Ctrl-C.
pub fn run() -> Result<()> {
    build::run()?;
    example::build()?;
    interrupt::catch()?;
    let sim = SimulatorProcess::start(&[])?;
    let (server, proxy) = serve(&sim, Vec::new())?;
    println!();
    println!("demo: open {}/", server.url);
    println!(
        "demo: the parish widget in a parish's page, through the parish proxy {}: {}/parish.html",
        proxy.url, server.url
    );
    println!("demo: the widget under a hostile stylesheet (a test page): {}/hostile.html", server.url);
    println!("demo: the Rust browser example: {}{}", server.url, example::PAGE);
    println!(
        "demo: an orchestrator with the AI SDK, Magisterium and the test agent as tools: {}/orchestrator.html",
        server.url
    );
    println!("demo: simulator endpoint {} (token {DEMO_TOKEN}); Ctrl-C stops everything", sim.endpoint());
    interrupt::wait();
    println!("demo: stopped");
    Ok(())
}

/// The page tests (`tests/page`, Playwright in Chromium) against the built
/// package, a simulator with generous rate limits, the demo's static server,
/// the fixture A2A agents and one Chromium for the whole run, in which each
/// test opens a fresh context of its own (a launch per test cost several
/// times as much).
pub fn page_suite() -> Tally {
    let started = setup::chromium().and_then(|()| {
        example::build()?;
        let sim = SimulatorProcess::start(&["--rate-default", "600/60s", "--rate-expensive", "600/60s"])?;
        let (server, proxy) = serve(&sim, vec![(AUTH_APP, root().join("tests/page/auth-app"))])?;
        Ok((sim, server, proxy, agent_server::start()?, shared_chromium()?))
    });
    let (sim, server, proxy, agents, chromium) = match started {
        Ok(running) => running,
        Err(e) => return Tally::broken(&e),
    };
    let mut cmd = Command::new("node");
    cmd.current_dir(root().join("tests/page"))
        .args(["--test", "--test-reporter=spec", "--test-concurrency=1"])
        .env("DEMO_URL", &server.url)
        .env("PARISH_PROXY", &proxy.url)
        .env("MAGISTERIUM_SIMULATOR", &sim.url)
        .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
        .env("MAGISTERIUM_SIM_BIN", SimulatorProcess::binary())
        .env("CHROMIUM", setup::CHROMIUM)
        .env("CHROMIUM_SERVER", &chromium.url)
        .envs(agents.env());
    let tally = node_test_tally(&mut cmd);
    chromium.finish(Duration::from_secs(10));
    tally
}

/// The page suite's Chromium (`tests/page/browser-server.mjs`): its
/// Playwright endpoint is the guard's `url`. It closes the browser when its
/// standard input ends (`ChildServer::finish`, so the browser's CPU time is
/// its waited-for children's, counted in the suite's), or ends with the guard.
fn shared_chromium() -> Result<ChildServer> {
    let mut cmd = Command::new("node");
    cmd.current_dir(root().join("tests/page"))
        .arg("browser-server.mjs")
        .env("CHROMIUM", setup::CHROMIUM)
        .stdin(Stdio::piped());
    ChildServer::start(&mut cmd, "the page suite's Chromium")
}

/// Where the page suite serves its sign-in test app (`tests/page/auth-app/`).
const AUTH_APP: &str = "/auth-app/";

/// The static server: `www-demo/` at `/`, the built `pkg/` at `/pkg/`,
/// `/demo-config.json` pointing the demo page at the simulator (its endpoint,
/// and its base URL as the sign-in's issuer), `/parish-config.json` pointing
/// the parish page's widgets at the parish proxy (which the server's pages may
/// call), the Rust browser example at `/example/` (its `index.html` pointed at
/// the simulator), the orchestrator page's script bundled with the AI SDK at
/// `/orchestrator/`, and `more` mounts. The proxy runs as long as the server.
pub fn serve(sim: &SimulatorProcess, more: Vec<(&'static str, PathBuf)>) -> Result<(StaticServer, ChildServer)> {
    let reserved = StaticServer::reserve()?;
    let proxy = parish_proxy(sim, &reserved.url)?;
    let config = json!({ "endpoint": sim.endpoint(), "token": DEMO_TOKEN, "issuer": sim.url }).to_string();
    let parish = json!({ "endpoint": proxy.url }).to_string();
    let mut mounts =
        vec![("/", root().join("www-demo")), ("/pkg/", root().join("pkg")), (example::URL_PREFIX, example::dir())];
    mounts.push((orchestrator_page::URL_PREFIX, orchestrator_page::bundle()?));
    mounts.extend(more);
    let server = reserved.serve(Site {
        mounts,
        files: vec![
            ("/demo-config.json", config),
            ("/parish-config.json", parish),
            (example::PAGE, example::page_pointed_at(&sim.endpoint())?),
        ],
    })?;
    Ok((server, proxy))
}

/// The built package's parish proxy (`magisterium-a2a proxy`) in front of
/// `sim` with the demo token, for the pages of `origin`. Its window reaches
/// ten years back: the demo's pages show the sample's days of 2026 (Saint
/// Joseph on March 19) whatever today is.
fn parish_proxy(sim: &SimulatorProcess, origin: &str) -> Result<ChildServer> {
    let mut cmd = Command::new("node");
    cmd.arg(root().join("pkg/bin/magisterium-a2a.mjs"))
        .args(["proxy", "--listen", "127.0.0.1:0", "--allow-origin", origin, "--upstream", &sim.endpoint()])
        .args(["--days-back", "3660"])
        .env("MAGISTERIUM_TOKEN", DEMO_TOKEN);
    ChildServer::start(&mut cmd, "the parish proxy")
}
