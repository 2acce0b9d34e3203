//! The workspace's manifests as cargo reads them: `cargo metadata`, for the
//! package's version and repository and the pinned wasm-bindgen.

use crate::shell::{Result, cargo, stdout_or_fail};
use serde::Deserialize;

/// What `cargo metadata --no-deps` says of the workspace (the part read here).
#[derive(Debug, Deserialize)]
pub struct Workspace {
    packages: Vec<Package>,
}

/// A package of the workspace.
#[derive(Debug, Deserialize)]
pub struct Package {
    name: String,
    /// `version` of its `[package]`.
    pub version: String,
    /// `repository` of its `[package]`, when set.
    pub repository: Option<String>,
    /// `rust-version` of its `[package]` (the MSRV), when set.
    pub rust_version: Option<String>,
    /// `[package.metadata]`: docs.rs's table, when there is one.
    #[serde(default)]
    pub metadata: Option<Metadata>,
    dependencies: Vec<Dependency>,
}

/// `[package.metadata]`.
#[derive(Debug, Default, Deserialize)]
pub struct Metadata {
    /// `[package.metadata.docs]`.
    #[serde(default)]
    pub docs: Option<Docs>,
}

/// `[package.metadata.docs]`.
#[derive(Debug, Default, Deserialize)]
pub struct Docs {
    /// `[package.metadata.docs.rs]`: how docs.rs builds the documentation.
    #[serde(default)]
    pub rs: Option<DocsRs>,
}

/// `[package.metadata.docs.rs]` (the part read here).
#[derive(Debug, Default, Deserialize)]
pub struct DocsRs {
    /// The targets documented.
    #[serde(default)]
    pub targets: Vec<String>,
    /// The features enabled, beside the default ones.
    #[serde(default)]
    pub features: Vec<String>,
}

impl Package {
    /// `[package.metadata.docs.rs]`, when set.
    pub fn docs_rs(&self) -> Option<&DocsRs> {
        self.metadata.as_ref()?.docs.as_ref()?.rs.as_ref()
    }
}

/// A dependency as a manifest declares it.
#[derive(Debug, Deserialize)]
struct Dependency {
    name: String,
    /// The version requirement (`"=0.2.130"`, `"^1"`).
    req: String,
}

impl Workspace {
    /// Runs `cargo metadata` on the workspace.
    pub fn read() -> Result<Workspace> {
        let json = stdout_or_fail(cargo().args(["metadata", "--format-version", "1", "--no-deps"]))?;
        Workspace::parse(&json)
    }

    fn parse(json: &str) -> Result<Workspace> {
        serde_json::from_str(json).map_err(|e| format!("cargo metadata: {e}"))
    }

    /// The workspace package `name`.
    pub fn package(&self, name: &str) -> Result<&Package> {
        self.packages.iter().find(|p| p.name == name).ok_or_else(|| format!("the workspace has no package {name}"))
    }

    /// The workspace package `name`, taken out of the workspace.
    pub fn take(self, name: &str) -> Result<Package> {
        self.packages.into_iter().find(|p| p.name == name).ok_or_else(|| format!("the workspace has no package {name}"))
    }

    /// The wasm-bindgen version the workspace pins (`wasm-bindgen = { version = "=X", … }`
    /// wherever it depends on it): the CLI must be exactly this version.
    pub fn pinned_wasm_bindgen(&self) -> Result<String> {
        let requirements: Vec<&str> = self
            .packages
            .iter()
            .flat_map(|p| &p.dependencies)
            .filter(|d| d.name == "wasm-bindgen")
            .map(|d| d.req.as_str())
            .collect();
        let first = requirements.first().ok_or("no package of the workspace depends on wasm-bindgen")?;
        match first.strip_prefix('=') {
            Some(version) if requirements.iter().all(|r| r == first) => Ok(version.to_owned()),
            _ => Err(format!(
                "wasm-bindgen must be pinned to one `=X.Y.Z` everywhere; the manifests say {requirements:?}"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Workspace;

    /// `cargo metadata`'s JSON, cut down to what is read, with the packages' wasm-bindgen requirements.
    fn workspace(requirements: &[&str]) -> Workspace {
        let packages: Vec<String> = requirements
            .iter()
            .enumerate()
            .map(|(i, req)| {
                format!(
                    r#"{{"name":"p{i}","version":"0.{i}.0","repository":null,"rust_version":null,"dependencies":[{{"name":"js-sys","req":"^0.3"}},{{"name":"wasm-bindgen","req":"{req}"}}]}}"#
                )
            })
            .collect();
        Workspace::parse(&format!(r#"{{"packages":[{}],"version":1}}"#, packages.join(","))).unwrap()
    }

    #[test]
    fn the_pin_is_one_exact_version_everywhere() {
        assert_eq!(workspace(&["=0.2.130", "=0.2.130"]).pinned_wasm_bindgen().unwrap(), "0.2.130");
        assert!(workspace(&["=0.2.130", "=0.2.131"]).pinned_wasm_bindgen().is_err(), "two pins");
        assert!(workspace(&["0.2.130"]).pinned_wasm_bindgen().is_err(), "not exact");
        assert!(workspace(&[]).pinned_wasm_bindgen().is_err(), "no wasm-bindgen");
    }

    #[test]
    fn reads_this_workspace() {
        let workspace = Workspace::read().unwrap();
        let library = workspace.package("magisterium-a2a").unwrap();
        assert!(library.repository.as_deref().is_some_and(|r| r.starts_with("https://")));
        assert!(library.rust_version.as_deref().is_some_and(|v| v.starts_with("1.")), "the MSRV is declared");
        let docs_rs = library.docs_rs().expect("docs.rs metadata");
        assert!(docs_rs.targets.iter().any(|t| t == "wasm32-unknown-unknown"), "{docs_rs:?}");
        assert!(!workspace.pinned_wasm_bindgen().unwrap().is_empty());
        assert!(workspace.package("no-such-package").is_err());
    }
}
