//! The JS modules' imports, as esbuild resolves them: the files of the
//! package's JS folders bundled once with `--metafile`, whose inputs list
//! each module's imports (static, dynamic and `require`) of other files.

use super::graph::{Graph, Reference};
use crate::shell::{Result, npm_bin, run};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The folders of the package's own JS modules (relative to the repository root).
pub const FOLDERS: [&str; 7] = ["npm/js", "npm/js/transport", "auth", "proxy", "bin", "simulator/bin", "tools"];

/// esbuild's metafile: each input file with its imports.
#[derive(Deserialize)]
struct Metafile {
    inputs: BTreeMap<String, Input>,
}

#[derive(Deserialize)]
struct Input {
    imports: Vec<Import>,
}

#[derive(Deserialize)]
struct Import {
    /// The resolved file, relative to esbuild's working folder.
    path: String,
    /// The specifier as written (`./b.js`).
    original: Option<String>,
    #[serde(default)]
    external: bool,
}

/// The import graph of the `.js`/`.mjs`/`.cjs` files of `folders` under
/// `root`, esbuild writing its bundles and metafile under `out`.
pub fn graph(root: &Path, folders: &[&str], out: &Path) -> Result<Graph> {
    let mut entries = Vec::new();
    for folder in folders {
        let dir = std::fs::read_dir(root.join(folder)).map_err(|e| format!("{folder}: {e}"))?;
        for entry in dir.filter_map(|entry| entry.ok()) {
            let name = entry.file_name().to_string_lossy().into_owned();
            if ["js", "mjs", "cjs"].iter().any(|ext| Path::new(&name).extension().is_some_and(|e| e == *ext)) {
                entries.push(format!("{folder}/{name}"));
            }
        }
    }
    entries.sort();
    let metafile = out.join("meta.json");
    run(npm_bin("esbuild")
        .current_dir(root)
        .args(&entries)
        .args(["--bundle", "--platform=node", "--format=esm", "--packages=external", "--log-level=warning"])
        // The simulator's wasm-bindgen glue, which `cargo xtask build` writes into the simulator package's playground.
        .arg("--external:../playground/simulator/*")
        // The loader of `A2AClient`'s lazily loaded `.wasm`, which `cargo xtask build` writes beside
        // `npm/js/agent-protocol.js` in each build (`pkg-template/entries/protocol-*.js`).
        .arg("--external:./protocol-wasm.js")
        .arg(format!("--metafile={}", metafile.display()))
        .arg(format!("--outdir={}", out.join("bundles").display())))?;
    let text = std::fs::read_to_string(&metafile).map_err(|e| format!("{}: {e}", metafile.display()))?;
    let metafile: Metafile = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", metafile.display()))?;
    let mut graph = Graph { names: entries, edges: BTreeMap::new() };
    for (from, input) in &metafile.inputs {
        let Some(from_index) = graph.names.iter().position(|name| name == from) else { continue };
        let source = std::fs::read_to_string(root.join(from)).unwrap_or_default();
        for import in input.imports.iter().filter(|import| !import.external) {
            let Some(to) = graph.names.iter().position(|name| *name == import.path) else { continue };
            let path = import.original.clone().unwrap_or_else(|| import.path.clone());
            let line = source
                .lines()
                .position(|line| line.contains(&format!("\"{path}\"")) || line.contains(&format!("'{path}'")));
            let reference = Reference { line: line.map_or(0, |l| l + 1), path };
            graph.edges.entry((from_index, to)).or_insert(reference);
        }
    }
    Ok(graph)
}

#[cfg(test)]
mod tests {
    use super::{FOLDERS, graph};
    use crate::shell::root;

    #[test]
    fn a_js_cycle_is_reported_with_its_lines() {
        crate::setup::npm_tools().unwrap();
        let dir = std::env::temp_dir().join(format!("xtask-js-cycles-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("lib")).unwrap();
        let files = [
            ("a.js", "// a\nimport { b } from \"./b.js\";\nexport const a = () => b;\n"),
            ("b.js", "import { c } from './c.mjs';\nexport const b = c;\n"),
            ("c.mjs", "export const c = async () => (await import(\"./a.js\")).a;\n"),
            (
                "d.js",
                "import { a } from \"./a.js\";\nimport { readFileSync } from \"node:fs\";\nexport { a, readFileSync };\n",
            ),
        ];
        for (name, text) in files {
            std::fs::write(dir.join("lib").join(name), text).unwrap();
        }
        let found = graph(&dir, &["lib"], &dir.join("out")).unwrap().cycles();
        assert_eq!(found, ["lib/a.js:2 ./b.js → lib/b.js:1 ./c.mjs → lib/c.mjs:1 ./a.js → lib/a.js"]);
        std::fs::write(dir.join("lib/c.mjs"), "export const c = 1;\n").unwrap();
        assert!(graph(&dir, &["lib"], &dir.join("out")).unwrap().cycles().is_empty());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_package_s_js_is_read_across_its_folders() {
        crate::setup::npm_tools().unwrap();
        let out = root().join("target/import-cycles-test");
        let graph = graph(&root(), &FOLDERS, &out).unwrap();
        let index =
            |name: &str| graph.names.iter().position(|n| n == name).unwrap_or_else(|| panic!("{name} not read"));
        let (bin, proxy) = (index("bin/proxy.mjs"), index("proxy/index.js"));
        assert_eq!(graph.edges[&(bin, proxy)].path, "../proxy/index.js");
    }
}
