//! The regression fixtures: every case that once diverged, one JSON file
//! each under `tests/fixtures/differential-regressions/`, replayed first.

use super::case::Case;
use crate::shell::{Result, root};
use serde_json::Value;
use std::path::PathBuf;

/// The folder (relative to the root).
pub const FOLDER: &str = "tests/fixtures/differential-regressions";

/// Every fixture, by file name, in name order.
pub fn load() -> Result<Vec<(String, Case)>> {
    let dir = root().join(FOLDER);
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut names: Vec<String> =
        entries.filter_map(|e| e.ok()?.file_name().into_string().ok()).filter(|name| name.ends_with(".json")).collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(&name)).map_err(|e| format!("{name}: {e}"))?;
            let fixture: Value = serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
            let case = Case::from_fixture(&fixture).map_err(|e| format!("{name}: {e}"))?;
            Ok((name, case))
        })
        .collect()
}

/// Writes `case` as a fixture (named after its method and a hash of its
/// content, so the same case is saved once); `found` says how it diverged.
pub fn save(case: &Case, found: Value) -> Result<PathBuf> {
    let fixture = case.to_fixture(found);
    let hash = fnv1a(case.driver_line(0).as_bytes());
    let name = format!("{}-{}-{hash:016x}.json", case.target.client.name(), case.target.method.name());
    let path = root().join(FOLDER).join(name);
    let text = serde_json::to_string_pretty(&fixture).map_err(|e| e.to_string())?;
    std::fs::write(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// FNV-1a, 64 bits: a stable name for a case (not a security hash).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
