//! The package suite: build it, check what an npm user receives, pack it,
//! install the tarball where the JS suites import it from, and hold the size budget.

use crate::build;
use crate::shell::{Result, capture, root, stdout_or_fail};
use crate::size::kb;
use crate::test::{Outcome, SIZE_BUDGET};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds, checks and installs the package; each check counts as a test.
pub fn run() -> Outcome {
    let sizes = match build::run() {
        Ok(sizes) => sizes,
        Err(e) => return Outcome::broken(&e),
    };
    let mut outcome = Outcome { passed: 0, failed: 0 };
    let mut check = |name: &str, result: Result<()>| match result {
        Ok(()) => {
            println!("ok - {name}");
            outcome.passed += 1;
        }
        Err(why) => {
            println!("FAILED - {name}: {why}");
            outcome.failed += 1;
        }
    };
    let pkg = root().join("pkg");
    check("pkg/ holds package.json, index.d.ts, README, the licenses and the three targets", layout(&pkg));
    check("every path package.json names is in pkg/", manifest_paths(&pkg));
    check("the .d.ts declares every method the module exports", declared_methods(&pkg));
    check("the public .d.ts has no `any`", no_any(&pkg));
    let web = sizes.iter().find(|s| s.dir == "web").map_or(usize::MAX, |s| s.wasm + s.js);
    check(&format!("web build gzip {} ≤ budget {}", kb(web), kb(SIZE_BUDGET)), budget(web));
    let tarball = pack(&pkg);
    check("npm pack", tarball.as_ref().map(|_| ()).map_err(Clone::clone));
    if let Ok(tarball) = tarball {
        check("the tarball installs under tests/node_modules", install(&tarball));
    }
    outcome
}

fn layout(pkg: &Path) -> Result<()> {
    let required = [
        "package.json",
        "index.d.ts",
        "README.md",
        "LICENSE-MIT",
        "LICENSE-APACHE",
        "web/index.js",
        "web/magisterium_a2a_bg.wasm",
        "bundler/index.js",
        "node/index.cjs",
        "node/index.mjs",
        "node/magisterium_a2a_bg.wasm",
    ];
    let missing: Vec<&str> = required.into_iter().filter(|f| !pkg.join(f).exists()).collect();
    if missing.is_empty() { Ok(()) } else { Err(format!("missing {}", missing.join(", "))) }
}

/// Every path in `package.json` (`main`, `module`, `types`, `exports`,
/// `files`, `sideEffects`) names a file or folder of `pkg/`.
fn manifest_paths(pkg: &Path) -> Result<()> {
    const LIST: &str = "const m = require(process.argv[1] + '/package.json'); const paths = [m.main, m.module, m.types, ...m.files, ...m.sideEffects]; \
        const walk = (v) => (typeof v === 'string' ? paths.push(v) : Object.values(v).forEach(walk)); walk(m.exports); \
        console.log(paths.filter((p) => !require('fs').existsSync(require('path').join(process.argv[1], p))).join(' '));";
    let missing = stdout_or_fail(Command::new("node").arg("-e").arg(LIST).arg(pkg))?;
    if missing.trim().is_empty() { Ok(()) } else { Err(format!("missing {}", missing.trim())) }
}

/// Every method wasm-bindgen exports on the client classes is declared in
/// the hand-written `index.d.ts` (which the TypeScript check then holds true).
fn declared_methods(pkg: &Path) -> Result<()> {
    let types = std::fs::read_to_string(pkg.join("index.d.ts")).map_err(|e| e.to_string())?;
    // The built module itself says what it exports (its glue is minified, so not its source).
    const LIST: &str = "const m = require(process.argv[1]); const names = (o) => Object.getOwnPropertyNames(o).filter((n) => /^[A-Za-z0-9]+$/.test(n)); \
        for (const c of ['MagisteriumClient', 'A2AClient']) { if (typeof m[c] !== 'function') throw new Error('the module exports no ' + c); \
        console.log(c, names(m[c].prototype).filter((n) => n !== 'constructor').join(' '), '|', names(m[c]).filter((n) => !['length', 'name', 'prototype'].includes(n)).join(' ')); }";
    let listed = stdout_or_fail(Command::new("node").arg("-e").arg(LIST).arg(pkg.join("node/index.cjs")))?;
    let mut undeclared = Vec::new();
    for line in listed.lines() {
        let mut words = line.split_whitespace();
        let class = words.next().unwrap_or_default();
        let (methods, statics): (Vec<&str>, Vec<&str>) = {
            let rest: Vec<&str> = words.collect();
            let split = rest.iter().position(|w| *w == "|").unwrap_or(rest.len());
            (rest[..split].to_vec(), rest.get(split + 1..).unwrap_or_default().to_vec())
        };
        if methods.is_empty() {
            return Err(format!("found no methods of {class} in the module"));
        }
        let declared = |m: &str| types.contains(&format!("  {m}(")) || types.contains(&format!("readonly {m}:"));
        undeclared.extend(methods.into_iter().filter(|m| !declared(m)).map(|m| format!("{class}.{m}")));
        undeclared.extend(
            statics.into_iter().filter(|m| !types.contains(&format!("static {m}("))).map(|m| format!("{class}.{m}")),
        );
    }
    if undeclared.is_empty() { Ok(()) } else { Err(format!("not in index.d.ts: {undeclared:?}")) }
}

/// `any` nowhere in the public types (comments included, to keep it simple and strict).
fn no_any(pkg: &Path) -> Result<()> {
    let types = std::fs::read_to_string(pkg.join("index.d.ts")).map_err(|e| e.to_string())?;
    let words = types.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
    if words.clone().any(|w| w == "any") { Err("index.d.ts mentions `any`".into()) } else { Ok(()) }
}

fn budget(bytes: usize) -> Result<()> {
    if bytes <= SIZE_BUDGET { Ok(()) } else { Err(format!("{} over", kb(bytes - SIZE_BUDGET))) }
}

/// `npm pack` into `target/`; the tarball's path.
fn pack(pkg: &Path) -> Result<PathBuf> {
    let out = root().join("target");
    let output =
        capture(Command::new("npm").args(["pack", "--silent", "--pack-destination"]).arg(&out).current_dir(pkg))?;
    let name = String::from_utf8_lossy(&output.stdout).lines().last().unwrap_or("").trim().to_owned();
    if !output.status.success() || name.is_empty() {
        return Err(format!("npm pack failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    Ok(out.join(name))
}

/// Unpacks the tarball as npm would install it (the package has no dependencies).
fn install(tarball: &Path) -> Result<()> {
    let dest = root().join("tests/node_modules/magisterium-a2a");
    if dest.exists() {
        std::fs::remove_dir_all(&dest).map_err(|e| e.to_string())?;
    }
    std::fs::create_dir_all(&dest).map_err(|e| e.to_string())?;
    let output = capture(Command::new("tar").arg("xzf").arg(tarball).arg("--strip-components=1").arg("-C").arg(&dest))?;
    if output.status.success() { Ok(()) } else { Err(String::from_utf8_lossy(&output.stderr).into_owned()) }
}
