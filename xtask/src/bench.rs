//! `cargo xtask bench`: our client against plain JavaScript in headless
//! Chromium, in one run: decode, per call (against the simulator), start and
//! gzip size. Builds the package and copies its web build aside, bundles the
//! anchors with esbuild, starts the simulator and a static server, and runs
//! the Playwright driver (`bench/run.mjs`), which prints the table and writes
//! it to `target/bench/results.md`. Timings are reported, never asserted.

use crate::build::{self, Sizes};
use crate::files::copy_tree;
use crate::setup;
use crate::shell::{self, Result, npm_bin, root};
use crate::sim::SimulatorProcess;
use crate::size::gzip_size;
use crate::static_server::{Site, StaticServer};
use serde_json::{Value, json};
use std::fs;
use std::path::Path;
use std::process::Command;

/// The anchors of the size row: (entry under `bench/anchors/`, label).
const ANCHORS: [(&str, &str); 2] = [("a2a-sdk", "@a2a-js/sdk A2AClient"), ("openai", "openai")];

/// Builds, starts everything, runs the driver; fails when it does.
pub fn run() -> Result<()> {
    let sizes = build::run()?;
    let out = root().join("target/bench");
    // The web build as just built: a rebuild of `pkg/` meanwhile cannot pull it from under the bench.
    let snapshot = out.join("pkg");
    if snapshot.exists() {
        fs::remove_dir_all(&snapshot).map_err(|e| format!("{}: {e}", snapshot.display()))?;
    }
    copy_tree(&root().join("pkg/web"), &snapshot.join("web"))?;
    setup::chromium()?;
    let mut anchors = Vec::new();
    for (entry, label) in ANCHORS {
        anchors.push((label, bundle(entry, &out.join("anchors"))?));
    }
    let sim = SimulatorProcess::start(&["--rate-default", "100000/60s", "--rate-expensive", "100000/60s"])?;
    let server = StaticServer::start(Site {
        mounts: vec![("/bench/", root().join("bench")), ("/pkg/", snapshot), ("/anchors/", out.join("anchors"))],
        files: Vec::new(),
    })?;
    println!("bench: about two minutes; the quieter the machine, the tighter the spreads");
    shell::run(
        Command::new("node")
            .arg(root().join("bench/run.mjs"))
            .current_dir(root())
            .env("BENCH_URL", &server.url)
            .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
            .env("CHROMIUM", setup::CHROMIUM)
            .env("BENCH_SIZES", sizes_json(&sizes, &anchors))
            .env("BENCH_OUT", out.join("results.md")),
    )?;
    println!("bench: the table is in {}", out.join("results.md").display());
    Ok(())
}

/// `bench/anchors/<entry>.mjs` bundled and minified by esbuild into
/// `<out>/<entry>.js`; answers its gzip size.
fn bundle(entry: &str, out: &Path) -> Result<usize> {
    let bundled = out.join(format!("{entry}.js"));
    shell::run(
        npm_bin("esbuild")
            .arg(root().join("bench/anchors").join(format!("{entry}.mjs")))
            .args(["--bundle", "--minify", "--format=esm", "--log-level=warning"])
            .arg(format!("--outfile={}", bundled.display())),
    )?;
    gzip_size(&[&bundled])
}

/// The sizes for the driver, as JSON: `{targets:[{name,entry,wasm,js,lazy}], anchors:[{name,js}]}`.
fn sizes_json(sizes: &[Sizes], anchors: &[(&str, usize)]) -> String {
    let targets: Vec<Value> = sizes
        .iter()
        .map(|s| json!({ "name": s.dir, "entry": s.entry, "wasm": s.wasm, "js": s.js, "lazy": s.lazy }))
        .collect();
    let anchors: Vec<Value> = anchors.iter().map(|(name, js)| json!({ "name": name, "js": js })).collect();
    json!({ "targets": targets, "anchors": anchors }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_json_for_the_driver() {
        let sizes = [Sizes { dir: "web", entry: "magisterium-a2a/agents", wasm: 10, js: 2, lazy: 3 }];
        let parsed: Value = serde_json::from_str(&sizes_json(&sizes, &[("openai", 7)])).unwrap();
        assert_eq!(
            parsed,
            json!({
                "targets": [{ "name": "web", "entry": "magisterium-a2a/agents", "wasm": 10, "js": 2, "lazy": 3 }],
                "anchors": [{ "name": "openai", "js": 7 }]
            })
        );
    }
}
