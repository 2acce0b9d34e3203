//! One version for the crate and both npm packages, released together from one
//! tag (docs/releasing.md): Cargo.toml's `version` is the only one written; each
//! package.json template takes it (`{{VERSION}}`), the release workflow's tag is
//! `v` and it, and CHANGELOG.md's newest released heading is it (once released)
//! or an older one (while `[Unreleased]` gathers the next). `cargo xtask
//! versions TAG` is the release workflow's check of its tag; the package suite
//! checks the same without a tag.

use crate::files::read;
use crate::manifest::Workspace;
use crate::shell::{Result, root};
use serde_json::Value;

/// The package.json templates (`cargo xtask build` writes the version in).
const TEMPLATES: [&str; 2] = ["pkg-template/package.json", "pkg-template/simulator/package.json"];

/// The built packages' manifests.
const BUILT: [&str; 2] = ["pkg/package.json", "pkg-simulator/package.json"];

/// The release workflow.
const WORKFLOW: &str = ".github/workflows/release.yml";

/// What the release workflow runs to check its tag, and how it publishes each npm package.
const WORKFLOW_LINES: [&str; 3] = [
    "cargo xtask versions \"$GITHUB_REF_NAME\"",
    "npm publish --provenance --access public ./pkg",
    "npm publish --provenance --access public ./pkg-simulator",
];

/// `cargo xtask versions TAG`: the release's check of its tag.
pub fn command(args: &[String]) -> Result<()> {
    let [tag] = args else { return Err("usage: cargo xtask versions TAG (e.g. v0.1.0)".into()) };
    let version = check(Some(tag))?;
    println!("{tag}: the crate, both npm packages and CHANGELOG.md's newest heading are version {version}");
    Ok(())
}

/// Checks that the versions agree (with `tag`, the release's: it names this
/// version, and CHANGELOG.md's newest heading is this version's); the version.
pub fn check(tag: Option<&str>) -> Result<String> {
    let version = Workspace::read()?.package("magisterium-a2a")?.version.clone();
    semver(&version)?;
    for template in TEMPLATES {
        if !read(&root().join(template))?.contains("\"version\": \"{{VERSION}}\"") {
            return Err(format!("{template} must take Cargo.toml's version: \"version\": \"{{{{VERSION}}}}\""));
        }
    }
    for built in BUILT {
        let manifest: Value = serde_json::from_str(&read(&root().join(built))?).map_err(|e| format!("{built}: {e}"))?;
        let named = manifest.get("version").and_then(Value::as_str).unwrap_or_default();
        if named != version {
            return Err(format!("{built} is version {named}, Cargo.toml {version}"));
        }
    }
    if let Some(tag) = tag.filter(|tag| *tag != format!("v{version}")) {
        return Err(format!("the tag {tag} is not v{version}, Cargo.toml's version"));
    }
    workflow(&read(&root().join(WORKFLOW))?, &version)?;
    changelog(&read(&root().join("CHANGELOG.md"))?, &version, tag.is_some())?;
    Ok(version)
}

/// The release workflow starts on tags that `v<version>` matches, checks its
/// tag with `cargo xtask versions`, and publishes both npm packages with provenance.
fn workflow(text: &str, version: &str) -> Result<()> {
    let tags = text.lines().find_map(|line| line.trim().strip_prefix("tags:")).ok_or("no `tags:` trigger")?;
    let pattern = tags.split('"').nth(1).ok_or("the `tags:` trigger names no pattern")?;
    let tag = format!("v{version}");
    let matches = match pattern.strip_suffix('*') {
        Some(prefix) => tag.starts_with(prefix),
        None => tag == pattern,
    };
    if !matches {
        return Err(format!("{WORKFLOW} starts on tags {pattern}, which {tag} is not"));
    }
    match WORKFLOW_LINES.iter().find(|line| !text.contains(*line)) {
        Some(missing) => Err(format!("{WORKFLOW} does not run `{missing}`")),
        None => Ok(()),
    }
}

/// CHANGELOG.md: `## [Unreleased]` first, then the released versions, newest
/// first; the newest is `version` (`released`: it must be) or older.
fn changelog(text: &str, version: &str, released: bool) -> Result<()> {
    let headings: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("## ["))
        .map(|rest| rest.split(']').next().unwrap_or_default())
        .collect();
    if headings.first() != Some(&"Unreleased") {
        return Err("CHANGELOG.md's first heading must be ## [Unreleased]".into());
    }
    let versions = headings[1..].iter().map(|heading| semver(heading)).collect::<Result<Vec<_>>>()?;
    if versions.windows(2).any(|pair| pair[0] <= pair[1]) {
        return Err("CHANGELOG.md's versions must go newest first".into());
    }
    let ours = semver(version)?;
    match versions.first() {
        Some(newest) if *newest > ours => {
            Err(format!("CHANGELOG.md has {}, newer than Cargo.toml's {version}", headings[1]))
        }
        Some(newest) if *newest == ours => Ok(()),
        _ if released => Err(format!("CHANGELOG.md has no heading ## [{version}] for the release")),
        _ => Ok(()),
    }
}

/// `MAJOR.MINOR.PATCH` as numbers (a pre-release or build suffix is not used here).
fn semver(version: &str) -> Result<(u64, u64, u64)> {
    let parts: Vec<u64> = version.split('.').map(|part| part.parse().ok()).collect::<Option<_>>().unwrap_or_default();
    match parts[..] {
        [major, minor, patch] => Ok((major, minor, patch)),
        _ => Err(format!("{version:?} is not a version MAJOR.MINOR.PATCH")),
    }
}

#[cfg(test)]
mod tests {
    use super::{changelog, semver, workflow};

    #[test]
    fn the_changelog_names_the_version_once_released() {
        let before = "# Changelog\n\n## [Unreleased]\n\n- a\n";
        assert!(changelog(before, "0.1.0", false).is_ok(), "before the first release");
        assert!(changelog(before, "0.1.0", true).is_err(), "a release needs its heading");
        let after = "## [Unreleased]\n\n## [0.2.0] - 2027-01-02\n\n## [0.1.0] - 2027-01-01\n";
        assert!(changelog(after, "0.2.0", true).is_ok());
        assert!(changelog(after, "0.2.1", false).is_ok(), "the next version in preparation");
        assert!(changelog(after, "0.2.1", true).is_err());
        assert!(changelog(after, "0.1.5", false).is_err(), "the changelog is ahead of Cargo.toml");
        assert!(changelog("## [Unreleased]\n## [0.1.0]\n## [0.2.0]\n", "0.2.0", false).is_err(), "oldest first");
        assert!(changelog("## [0.1.0]\n", "0.1.0", false).is_err(), "no [Unreleased]");
        assert_eq!(semver("1.22.3"), Ok((1, 22, 3)));
        assert!(semver("1.2").is_err() && semver("1.2.x").is_err());
    }

    #[test]
    fn the_workflow_starts_on_the_tag_and_publishes_both_packages() {
        let good = "on:\n  push:\n    tags: [\"v*\"]\n  run: cargo xtask versions \"$GITHUB_REF_NAME\"\n  run: npm publish --provenance --access public ./pkg\n  run: npm publish --provenance --access public ./pkg-simulator\n";
        assert!(workflow(good, "0.1.0").is_ok());
        assert!(workflow(&good.replace("v*", "release-*"), "0.1.0").is_err());
        assert!(workflow(&good.replace(" ./pkg-simulator", ""), "0.1.0").is_err());
        assert!(workflow(&good.replace("--provenance ", ""), "0.1.0").is_err());
    }
}
