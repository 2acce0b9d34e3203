//! `cargo xtask screenshots`: the demo's parish page (`www-demo/parish.html`)
//! on a phone (390×844) and a desktop (1280×900), as a parish sees it before
//! installing anything: the package built, the simulator and the parish proxy
//! started as `cargo xtask demo` starts them, and the Playwright driver
//! (`tests/page/screenshots.mjs`, in Debian's Chromium as the page suite)
//! writing `docs/parish-phone.png` and `docs/parish-desktop.png`, which
//! Debian's `pngquant` then makes small (a palette of at most 256 colours:
//! about a third of Chromium's bytes, the text as sharp).

use crate::shell::{self, Result, root};
use crate::sim::SimulatorProcess;
use crate::{build, demo, setup};
use std::process::Command;

/// The files the driver writes in `docs/`.
const SCREENSHOTS: [&str; 2] = ["parish-phone.png", "parish-desktop.png"];

/// Builds, starts the demo's servers, takes the screenshots; fails when the driver does.
pub fn run() -> Result<()> {
    build::run()?;
    setup::chromium()?;
    setup::pngquant()?;
    let sim = SimulatorProcess::start(&[])?;
    let (server, proxy) = demo::serve(&sim, Vec::new())?;
    shell::run(
        Command::new("node")
            .arg(root().join("tests/page/screenshots.mjs"))
            .current_dir(root().join("tests/page"))
            .env("DEMO_URL", &server.url)
            .env("PARISH_PROXY", &proxy.url)
            .env("MAGISTERIUM_SIMULATOR", &sim.url)
            .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
            .env("CHROMIUM", setup::CHROMIUM)
            .env("SCREENSHOTS_DIR", root().join("docs")),
    )?;
    for name in SCREENSHOTS {
        let file = root().join("docs").join(name);
        shell::run(
            Command::new(setup::PNGQUANT)
                .args(["--force", "--strip", "--quality", "65-90", "--output"])
                .arg(&file)
                .arg(&file),
        )?;
        let bytes = std::fs::metadata(&file).map_err(|e| format!("{}: {e}", file.display()))?.len();
        println!("screenshots: docs/{name} ({} KB)", bytes.div_ceil(1024));
    }
    Ok(())
}
