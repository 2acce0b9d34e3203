//! The package's sign-in entry (`magisterium-a2a/auth`, from `auth/`) and its
//! command line (`bin/`, `npx magisterium-a2a`). esbuild bundles the entry
//! with its dependencies (oauth4webapi; in Node, proper-lockfile for the login
//! file's lock) into one ES module for browsers and bundlers, and into the
//! Node build's ES module and CommonJS files, so the package needs nothing
//! installed beside it. The client's entry stays an import by the package's
//! name, so the entry's `MagisteriumError` is the class of whichever build the
//! app loaded.

use crate::files::{self, copy_files, read};
use crate::shell::{self, Result, npm_bin, root};
use crate::size::gzip_size;
use std::fs;
use std::path::Path;

/// The bundles written under `pkg/auth/`: (source under `auth/`, file, esbuild's platform and format).
/// The Node build's ES module, `node.mjs`, is `pkg-template/auth-node.mjs`: it imports `node.cjs`
/// (one bundle in the package, 46 KB unpacked, and one `MagisteriumAuth` for `import` and `require`).
const BUNDLES: [(&str, &str, &str, &str); 2] =
    [("browser.js", "index.js", "browser", "esm"), ("node.js", "node.cjs", "node", "cjs")];

/// proper-lockfile loads graceful-fs, which patches `process.cwd` and `fs.close` of the whole
/// process once loaded: in the bundle, Node's own `fs` takes its place (login-file.js hands
/// proper-lockfile an `fs` of its own anyway).
const PLAIN_FS: &str = "--alias:graceful-fs=node:fs";

/// Writes `pkg/auth/` and `pkg/bin/`; the gzip size of the browser module.
pub fn write(pkg: &Path) -> Result<usize> {
    let out = pkg.join("auth");
    for (source, file, platform, format) in BUNDLES {
        shell::run(
            npm_bin("esbuild")
                .arg(root().join("auth").join(source))
                .args(["--bundle", "--minify", "--log-level=warning", "--external:magisterium-a2a", PLAIN_FS])
                // proper-lockfile's `signal-exit` is `auth/exit-only.cjs` (why: that file).
                .arg(format!("--alias:signal-exit={}", root().join("auth/exit-only.cjs").display()))
                .arg(format!("--platform={platform}"))
                .arg(format!("--format={format}"))
                .arg(if platform == "node" { "--target=node20" } else { "--target=es2022" })
                .arg(format!("--outfile={}", out.join(file).display())),
        )?;
    }
    fs::copy(root().join("pkg-template/auth-node.mjs"), out.join("node.mjs"))
        .map_err(|e| format!("auth-node.mjs: {e}"))?;
    let types = read(&root().join("pkg-template/auth.d.ts"))?;
    files::write(&out.join("index.d.ts"), &types)?;
    let header =
        "// The types of `require(\"magisterium-a2a/auth\")`, written by `cargo xtask build` from auth.d.ts.\n";
    files::write(&out.join("index.d.cts"), &format!("{header}{types}"))?;
    copy_commands(&root().join("bin"), &pkg.join("bin"), "magisterium-a2a.mjs")?;
    gzip_size(&[&out.join("index.js")])
}

/// A package's command line: the modules of `from` into `to`, the entry point `entry` executable.
pub fn copy_commands(from: &Path, to: &Path, entry: &str) -> Result<()> {
    copy_files(from, to)?;
    executable(&to.join(entry))
}

#[cfg(unix)]
fn executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(not(unix))]
fn executable(_path: &Path) -> Result<()> {
    Ok(())
}
