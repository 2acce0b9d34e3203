//! The package's tools entry (`magisterium-a2a/tools`, from `tools/`) and its
//! adapters (`/tools/ai`, `/tools/openai`, `/tools/anthropic`, `/tools/mcp`):
//! plain JS without WebAssembly, each bundled by esbuild into one ES module
//! of `pkg/tools/` with its types. No module imports another entry, and
//! only `/tools/mcp` imports a dependency (the MCP SDK, an optional peer,
//! left external). Not minified: they run on servers as much as in pages,
//! where a readable stack trace is worth more than bytes.

use crate::files::copy;
use crate::shell::{self, Result, npm_bin, root};
use crate::size::gzip_size;

/// The modules of `tools/` that are entries, each with its `.d.ts` of the same stem.
pub const ENTRIES: [&str; 5] = ["index", "ai", "openai", "anthropic", "mcp"];

/// Writes `pkg/tools/`; the gzip size of each entry's module, in the order of [`ENTRIES`].
pub fn write(pkg: &std::path::Path) -> Result<Vec<usize>> {
    let (source, out) = (root().join("tools"), pkg.join("tools"));
    let mut sizes = Vec::new();
    for entry in ENTRIES {
        let module = out.join(format!("{entry}.js"));
        shell::run(
            npm_bin("esbuild")
                .arg(source.join(format!("{entry}.js")))
                .args(["--bundle", "--format=esm", "--log-level=warning", "--external:@modelcontextprotocol/sdk/*"])
                .arg(format!("--outfile={}", module.display())),
        )?;
        copy(&source.join(format!("{entry}.d.ts")), &out.join(format!("{entry}.d.ts")))?;
        sizes.push(gzip_size(&[&module])?);
    }
    Ok(sizes)
}

/// The gzip size of `pkg/tools/<entry>.js`.
pub fn size(pkg: &std::path::Path, entry: &str) -> Result<usize> {
    gzip_size(&[&pkg.join("tools").join(format!("{entry}.js"))])
}

/// The tools' modules import no other entry of the package and no WebAssembly:
/// the only import left in them is the MCP SDK's, in `mcp.js`.
pub fn apart(pkg: &std::path::Path) -> Result<()> {
    for entry in ENTRIES {
        let module = crate::files::read(&pkg.join("tools").join(format!("{entry}.js")))?;
        for specifier in imports(&module) {
            if !(entry == "mcp" && specifier.starts_with("@modelcontextprotocol/sdk/")) {
                return Err(format!("tools/{entry}.js imports {specifier}"));
            }
        }
    }
    Ok(())
}

/// The specifiers of a bundled module's static and dynamic imports (`from "…"`, `import("…")`).
fn imports(module: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for marker in ["from \"", "import(\""] {
        for (at, _) in module.match_indices(marker) {
            let rest = &module[at + marker.len()..];
            found.extend(rest.split('"').next());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::imports;

    #[test]
    fn imports_are_read_from_static_and_dynamic_forms() {
        let module = "import { a } from \"x/y.js\";\nconst b = await import(\"z\");\nconst s = \"from here\";\n";
        assert_eq!(imports(module), ["x/y.js", "z"]);
    }
}
