//! The demo's orchestrator page (`www-demo/orchestrator.html`): its script
//! bundled with the Vercel AI SDK (from the root `package.json`) by esbuild,
//! the package's entries left as imports that the page's import map
//! resolves to the built `pkg/`, and OpenAI's provider a chunk of its own,
//! loaded only when a key is given. The demo and the page suite serve it.

use crate::shell::{self, Result, npm_bin, root};
use std::path::PathBuf;

/// Where the static server mounts the bundle.
pub const URL_PREFIX: &str = "/orchestrator/";

/// Bundles `www-demo/orchestrator.js` into `target/orchestrator/`; that folder.
pub fn bundle() -> Result<PathBuf> {
    let out = root().join("target/orchestrator");
    shell::run(
        npm_bin("esbuild")
            .arg(root().join("www-demo/orchestrator.js"))
            .args([
                "--bundle",
                "--minify",
                "--format=esm",
                "--platform=browser",
                "--target=es2022",
                "--log-level=warning",
            ])
            .args(["--external:magisterium-a2a", "--external:magisterium-a2a/*", "--splitting"])
            .arg(format!("--outdir={}", out.display())),
    )?;
    Ok(out)
}
