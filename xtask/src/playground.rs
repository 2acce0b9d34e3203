//! The static playground, `playground/` of the package `magisterium-a2a-simulator`
//! (`pkg-simulator/playground/`): the demo page (`www-demo/`) with the simulator
//! in a Service Worker (`playground/sw.js` over the wasm build in its
//! `simulator/`, which `sim_package` writes) answering the page's own origin,
//! so any static server (`python3 -m http.server`) serves a demo that needs no
//! server and no token.

use crate::files::{self, copy, copy_tree, files_under, read};
use crate::shell::{Result, root};
use crate::size::gzip_size;
use std::path::Path;

/// The demo page's script, which the playground starts after its Service Worker.
const DEMO_SCRIPT: &str = r#"<script type="module" src="demo.js"></script>"#;

/// Writes `playground/` into `package` (the simulator's wasm build already
/// there) from the runtime package built in `pkg`; the gzip size of all its files.
pub fn write(pkg: &Path, package: &Path) -> Result<usize> {
    let out = package.join("playground");
    copy_tree(&root().join("www-demo"), &out)?;
    let page = read(&out.join("index.html"))?;
    if !page.contains(DEMO_SCRIPT) {
        return Err(format!("www-demo/index.html no longer loads its script as {DEMO_SCRIPT}"));
    }
    files::write(
        &out.join("index.html"),
        &page.replace(DEMO_SCRIPT, r#"<script type="module" src="start.js"></script>"#),
    )?;
    for file in ["sw.js", "start.js"] {
        copy(&root().join("playground").join(file), &out.join(file))?;
    }
    // Where the page's import map and the widget find the package.
    for (from, to) in [("web", "pkg/web"), ("auth", "pkg/auth"), ("widget", "pkg/widget")] {
        copy_tree(&pkg.join(from), &out.join(to))?;
    }
    let files = files_under(&out)?;
    gzip_size(&files.iter().map(|f| f.as_path()).collect::<Vec<_>>())
}
