//! `cargo xtask screenshots`: the demo's parish page (`www-demo/parish.html`)
//! on a phone (390×844) and a desktop (1280×900), as a parish sees it before
//! installing anything: the package built, the simulator and the parish proxy
//! started as `cargo xtask demo` starts them, and the Playwright driver
//! (`tests/page/screenshots.mjs`, in Debian's Chromium as the page suite)
//! writing `docs/parish-phone.png` and `docs/parish-desktop.png`; then the
//! WordPress plugin's settings page and block editor in a throw-away WordPress
//! (`tests/wordpress/screenshots.mjs`, `docs/wordpress-*.png`). Debian's
//! `pngquant` then makes every picture written small (a palette of at most 256
//! colours: about a third of Chromium's bytes, the text as sharp).

use crate::shell::{self, Result, root};
use crate::sim::SimulatorProcess;
use crate::wordpress_zip::assembled;
use crate::{build, demo, setup};
use std::process::Command;
use std::time::SystemTime;

/// Builds, starts the demo's servers, takes the screenshots; fails when the driver does.
pub fn run() -> Result<()> {
    build::run()?;
    setup::chromium()?;
    setup::pngquant()?;
    setup::wordpress()?;
    let started = SystemTime::now();
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
    shell::run(
        Command::new("node")
            .arg(root().join("tests/wordpress/screenshots.mjs"))
            .current_dir(root().join("tests/wordpress"))
            .env("MAGISTERIUM_SIMULATOR", &sim.url)
            .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
            .env("MAGISTERIUM_WP_PLUGIN", assembled(&root().join("pkg")))
            .env("CHROMIUM", setup::CHROMIUM)
            .env("SCREENSHOTS_DIR", root().join("docs")),
    )?;
    for file in written_since(&root().join("docs"), started)? {
        let name = file.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
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

/// The `.png` files of `folder` modified at `since` or later (those the drivers wrote), by name.
fn written_since(folder: &std::path::Path, since: SystemTime) -> Result<Vec<std::path::PathBuf>> {
    let entries = std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let mut written = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", folder.display()))?.path();
        let modified = std::fs::metadata(&path)
            .and_then(|meta| meta.modified())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if path.extension().is_some_and(|ext| ext == "png") && modified >= since {
            written.push(path);
        }
    }
    written.sort();
    Ok(written)
}
