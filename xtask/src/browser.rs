//! The browser suite: `tests/browser.rs` (wasm-bindgen-test, `run_in_browser`)
//! in headless Chromium through ChromeDriver, against the simulator and the
//! fixture agent on other 127.0.0.1 ports, whose addresses are compiled into
//! the suite from the environment; the package's web build (installed
//! under `tests/node_modules` by the package suite) is served to it on
//! another port too, so that the npm `A2AClient` runs in the same page.

use crate::agent_server::Agents;
use crate::build::NPM_CRATE;
use crate::hostile_server::HostileServer;
use crate::setup::{self, CHROMEDRIVER};
use crate::shell::{cargo, root};
use crate::sim::SimulatorProcess;
use crate::static_server::{Site, StaticServer};
use crate::tally::Tally;
use crate::test_command::cargo_test_tally;

/// The environment variable that carries the URL of the web build's
/// `magisterium-a2a/agents` module (`agents.js`) for the browser suite.
pub const AGENTS_MODULE_ENV: &str = "MAGISTERIUM_AGENTS_MODULE";

/// Runs the browser suite against `sim` and the fixture `agents`.
pub fn run(sim: &SimulatorProcess, agents: &Agents) -> Tally {
    if let Err(e) = setup::chromium() {
        return Tally::broken(&e);
    }
    let hostile = match HostileServer::start() {
        Ok(server) => server,
        Err(e) => return Tally::broken(&format!("the hostile fixture server: {e}")),
    };
    let web_build = root().join("tests/node_modules/magisterium-a2a/web");
    let package = match StaticServer::start_for_any_origin(Site { mounts: vec![("/", web_build)], files: vec![] }) {
        Ok(server) => server,
        Err(e) => return Tally::broken(&format!("the package's server: {e}")),
    };
    let mut cmd = cargo();
    // Without the bundle's own allocator and panic handler: the suite links std. Both classes.
    cmd.args([
        "test",
        "-p",
        NPM_CRATE,
        "--no-default-features",
        "--features",
        "magisterium,agents",
        "--target",
        "wasm32-unknown-unknown",
        "--test",
        "browser",
    ])
    .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
    .env("MAGISTERIUM_SIMULATOR", &sim.url)
    .env("MAGISTERIUM_HOSTILE", &hostile.url)
    .env(AGENTS_MODULE_ENV, format!("{}/agents.js", package.url))
    .envs(agents.env())
    .env("CHROMEDRIVER", CHROMEDRIVER)
    .env("WASM_BINDGEN_TEST_WEBDRIVER_JSON", root().join("tests/webdriver.json"))
    .env("WASM_BINDGEN_TEST_TIMEOUT", "120");
    cargo_test_tally(&mut cmd)
}
