//! The bundlers suite: the installed tarball consumed as npm users do. Apps
//! built by Vite (dev server and build), webpack 5, Rollup and esbuild, and a
//! plain page on the web build, run in Chromium against the simulator on
//! another origin; Node ES module and CommonJS consumers. The apps are in
//! `tests/bundlers/`; their bundles go to `target/bundlers/`.

use crate::setup;
use crate::shell::root;
use crate::sim::SimulatorProcess;
use crate::static_server::{Site, StaticServer};
use crate::tally::Tally;
use crate::test_command::node_test_tally;
use std::process::Command;

/// Runs `tests/bundlers/` (`node --test`) against `sim`, with the static server it needs.
pub fn run(sim: &SimulatorProcess) -> Tally {
    let apps = root().join("tests/bundlers");
    let out = root().join("target/bundlers");
    let started = setup::chromium().and_then(|()| {
        if out.exists() {
            std::fs::remove_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        }
        std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        StaticServer::start(Site {
            mounts: vec![
                ("/", apps.clone()),
                ("/pkg/", root().join("tests/node_modules/magisterium-a2a")),
                ("/out/", out.clone()),
            ],
            files: vec![],
        })
    });
    let server = match started {
        Ok(server) => server,
        Err(e) => return Tally::broken(&e),
    };
    let mut cmd = Command::new("node");
    cmd.current_dir(&apps)
        .args(["--test", "--test-reporter=spec", "--test-concurrency=1"])
        .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
        .env("BUNDLERS_URL", &server.url)
        .env("BUNDLERS_OUT", &out)
        .env("CHROMIUM", setup::CHROMIUM);
    node_test_tally(&mut cmd)
}
