//! The package suite: build both npm packages, check what an npm user
//! receives, pack them, dry-run their publication and the crate's, install
//! the tarballs where the JS suites import them from, and hold the size budgets.

use crate::build;
use crate::files::read;
use crate::npm_packs::{self, Packed};
use crate::readme_tables::{self, ApiKind, Documented};
use crate::shell::{Result, capture, npm_bin, root, stdout_or_fail};
use crate::sim_npm;
use crate::size::{BUDGETS, UNPACKED_BUDGET, kb};
use crate::tally::Tally;
use crate::tools_package;
use crate::versions;
use std::path::Path;
use std::process::Command;

/// Builds, checks and installs the packages; each check counts as a test.
/// Also answers whether the tarballs were installed, for the suites that test
/// them (a check that failed, a size over its budget, does not keep them from running).
pub fn run() -> (Tally, bool) {
    let sizes = match build::run() {
        Ok(sizes) => sizes,
        Err(e) => return (Tally::broken(&e), false),
    };
    let mut installed = false;
    let mut tally = Tally::default();
    let mut check = |name: &str, result: Result<()>| tally.check(name, result);
    let pkg = root().join("pkg");
    check(
        "pkg/ holds package.json, the types of both entries, README, the licenses, the three targets of both entries, the sign-in entry and the command line",
        layout(&pkg),
    );
    let simulator = sim_npm::dir();
    check(
        "pkg-simulator/ holds package.json, README, the licenses, the simulator's command and wasm build, the playground",
        simulator_layout(&simulator),
    );
    check("every path package.json names is in pkg/", manifest_paths(&pkg));
    check("every path package.json names is in pkg-simulator/", manifest_paths(&simulator));
    for (module, types) in [("node/index.cjs", "index.d.ts"), ("node/agents.cjs", "agents.d.ts")] {
        check(&format!("{types} declares every method {module} exports"), declared_methods(&pkg, module, types));
    }
    check("proxy/index.d.ts declares every export of magisterium-a2a/proxy", declared_proxy_exports(&pkg));
    check("the public .d.ts has no `any`", no_any(&pkg));
    check(
        "every option, method, result field, error code and type of README.md's tables is declared (a type exported) and used in tests/types",
        documented_api(&pkg),
    );
    for (entry, limit) in BUDGETS {
        let web = sizes.iter().find(|s| s.dir == "web" && s.entry == entry).map_or(usize::MAX, |s| s.wasm + s.js);
        check(
            &format!("web build of {entry}, up front: gzip {web} B ({}) ≤ budget {limit} B ({})", kb(web), kb(limit)),
            budget(web, limit),
        );
    }
    for entry in tools_package::ENTRIES {
        let size = tools_package::size(&pkg, entry);
        let shown = size.as_ref().map_or_else(Clone::clone, |bytes| format!("{bytes} B ({})", kb(*bytes)));
        check(
            &format!("magisterium-a2a/tools: {entry}.js, no wasm, gzip {shown}, loaded by neither other entry"),
            size.and_then(|_| tools_package::apart(&pkg)),
        );
    }
    let packed = npm_packs::clear().and_then(|()| Ok((npm_packs::pack(&pkg)?, npm_packs::pack(&simulator)?)));
    check("npm pack of both packages", packed.as_ref().map(|_| ()).map_err(Clone::clone));
    if let Ok((runtime, simulator_pack)) = packed {
        let unpacked = runtime.unpacked_size;
        check(
            &format!(
                "the runtime package unpacked: {unpacked} B in {} files ≤ budget {UNPACKED_BUDGET} B (magisterium-a2a-simulator: {} B in {} files)",
                runtime.entry_count, simulator_pack.unpacked_size, simulator_pack.entry_count
            ),
            budget(unpacked, UNPACKED_BUDGET),
        );
        check("the runtime package holds each .wasm once", wasm_once(&pkg, &runtime));
        for package in [&runtime, &simulator_pack] {
            check(&format!("npm publish --dry-run of {}", package.name), npm_packs::publish_dry_run(package));
        }
        check(
            "cargo publish --dry-run of the crate (--no-verify: the user-crate suite builds it)",
            npm_packs::cargo_publish_dry_run(),
        );
        check(
            "the versions agree: Cargo.toml, both package.json, the release workflow's tag, CHANGELOG.md",
            versions::check(None).map(|_| ()),
        );
        let tarball = runtime.tarball();
        check("publint: package.json's fields and files as npm and bundlers read them", publint(&pkg));
        check("publint: the simulator package's package.json", publint(&simulator));
        check(
            "arethetypeswrong: the dual entries (., ./node, ./agents, ./agents/node, ./auth) typed in every resolution mode",
            attw(&tarball, &DUAL_ENTRIES, &[]),
        );
        check(
            "arethetypeswrong: the ES-module-only entries typed in every resolution mode (`require` of them refused by design)",
            attw(&tarball, &ESM_ENTRIES, &["cjs-resolves-to-esm"]),
        );
        let result = npm_packs::install(&[tarball, simulator_pack.tarball()], &root().join("tests"));
        installed = result.is_ok();
        check("npm install of both tarballs (offline) under tests/node_modules", result);
    }
    (tally, installed)
}

/// The simulator package's files.
fn simulator_layout(folder: &Path) -> Result<()> {
    let required = [
        "package.json",
        "README.md",
        "LICENSE-MIT",
        "LICENSE-APACHE",
        "bin/magisterium-a2a-simulator.mjs",
        "bin/simulator.mjs",
        "playground/index.html",
        "playground/sw.js",
        "playground/simulator/magisterium_sim.js",
        "playground/simulator/magisterium_sim_bg.wasm",
        "playground/pkg/web/index.js",
    ];
    present(folder, &required)
}

/// Every file of `required` is in `folder`.
fn present(folder: &Path, required: &[&str]) -> Result<()> {
    let missing: Vec<&str> = required.iter().copied().filter(|f| !folder.join(f).exists()).collect();
    if missing.is_empty() { Ok(()) } else { Err(format!("missing {}", missing.join(", "))) }
}

/// No two `.wasm` files of the tarball `packed` (of `pkg`) have the same bytes (the Node build reads the web build's).
fn wasm_once(pkg: &Path, packed: &Packed) -> Result<()> {
    let wasm: Vec<&str> = packed.files.iter().map(|f| f.path.as_str()).filter(|p| p.ends_with(".wasm")).collect();
    let mut seen: Vec<(Vec<u8>, &str)> = Vec::new();
    for file in &wasm {
        let bytes = std::fs::read(pkg.join(file)).map_err(|e| format!("{file}: {e}"))?;
        if let Some((_, first)) = seen.iter().find(|(other, _)| *other == bytes) {
            return Err(format!("{file} is a copy of {first}"));
        }
        seen.push((bytes, file));
    }
    if wasm.is_empty() { Err("the tarball holds no .wasm".into()) } else { Ok(()) }
}

fn layout(pkg: &Path) -> Result<()> {
    let required = [
        "package.json",
        "index.d.ts",
        "index.d.cts",
        "agents.d.ts",
        "agents.d.cts",
        "README.md",
        "LICENSE-MIT",
        "LICENSE-APACHE",
        "web/index.js",
        "web/magisterium_a2a_bg.wasm",
        "web/agents.js",
        "web/magisterium_a2a_agents_bg.wasm",
        "web/agent-protocol.js",
        "bundler/index.js",
        "bundler/agents.js",
        "node/index.cjs",
        "node/index.mjs",
        "node/agents.cjs",
        "node/agents.mjs",
        "proxy/index.js",
        "proxy/index.d.ts",
        "auth/index.js",
        "auth/node.mjs",
        "auth/node.cjs",
        "auth/index.d.ts",
        "auth/index.d.cts",
        "bin/magisterium-a2a.mjs",
        "bin/simulator.mjs",
        "bin/mcp.mjs",
    ];
    present(pkg, &required)
}

/// Every path in `package.json` (`main`, `module`, `types`, `bin`, `exports`,
/// `files`, `sideEffects`) names a file or folder of `pkg/`.
fn manifest_paths(pkg: &Path) -> Result<()> {
    const LIST: &str = "const m = require(process.argv[1] + '/package.json'); const paths = [m.main, m.module, m.types, ...Object.values(m.bin ?? {}), ...(m.files ?? []), ...(m.sideEffects ?? [])].filter(Boolean); \
        const walk = (v) => (typeof v === 'string' ? paths.push(v) : Object.values(v).forEach(walk)); walk(m.exports); \
        console.log(paths.filter((p) => !require('fs').existsSync(require('path').join(process.argv[1], p))).join(' '));";
    let missing = stdout_or_fail(Command::new("node").arg("-e").arg(LIST).arg(pkg))?;
    if missing.trim().is_empty() { Ok(()) } else { Err(format!("missing {}", missing.trim())) }
}

/// Every method wasm-bindgen exports on the client class of `module` (an
/// entry of the Node build) is declared in the entry's hand-written `types`
/// (which the TypeScript check then holds true).
fn declared_methods(pkg: &Path, module: &str, types: &str) -> Result<()> {
    let types = read(&pkg.join(types))?;
    // The built module itself says what it exports (its glue is minified, so not its source).
    const LIST: &str = "const m = require(process.argv[1]); const names = (o) => Object.getOwnPropertyNames(o).filter((n) => /^[A-Za-z0-9]+$/.test(n)); \
        const classes = ['MagisteriumClient', 'A2AClient'].filter((c) => typeof m[c] === 'function'); if (classes.length !== 1) throw new Error('the module exports ' + classes.length + ' client classes'); \
        for (const c of classes) { \
        console.log(c, names(m[c].prototype).filter((n) => n !== 'constructor').join(' '), '|', names(m[c]).filter((n) => !['length', 'name', 'prototype'].includes(n)).join(' ')); }";
    let listed = stdout_or_fail(Command::new("node").arg("-e").arg(LIST).arg(pkg.join(module)))?;
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
    if undeclared.is_empty() { Ok(()) } else { Err(format!("not declared: {undeclared:?}")) }
}

/// Every name the proxy entry exports is declared in its `.d.ts` (`export
/// function NAME(` or `export const NAME:`).
fn declared_proxy_exports(pkg: &Path) -> Result<()> {
    let types = read(&pkg.join("proxy/index.d.ts"))?;
    const LIST: &str =
        "import(require('url').pathToFileURL(process.argv[1])).then((m) => console.log(Object.keys(m).join(' ')));";
    let exported = stdout_or_fail(Command::new("node").arg("-e").arg(LIST).arg(pkg.join("proxy/index.js")))?;
    let declared = |name: &str| {
        types.contains(&format!("export function {name}(")) || types.contains(&format!("export const {name}:"))
    };
    let undeclared: Vec<&str> = exported.split_whitespace().filter(|name| !declared(name)).collect();
    match (exported.trim().is_empty(), undeclared.is_empty()) {
        (true, _) => Err("magisterium-a2a/proxy exports nothing".into()),
        (false, true) => Ok(()),
        (false, false) => Err(format!("not in proxy/index.d.ts: {undeclared:?}")),
    }
}

/// `any` nowhere in the public types (comments included, to keep it simple and strict).
fn no_any(pkg: &Path) -> Result<()> {
    for file in [
        "index.d.ts",
        "index.d.cts",
        "agents.d.ts",
        "agents.d.cts",
        "proxy/index.d.ts",
        "auth/index.d.ts",
        "auth/index.d.cts",
        "widget/magisterium-widget.d.ts",
    ]
    .into_iter()
    .map(str::to_owned)
    .chain(tools_package::ENTRIES.iter().map(|entry| format!("tools/{entry}.d.ts")))
    {
        let types = read(&pkg.join(&file))?;
        if words(&types).any(|w| w == "any") {
            return Err(format!("{file} mentions `any`"));
        }
    }
    Ok(())
}

/// Nothing documented drifts from the types: every name of README.md's API
/// tables is declared in the package's `index.d.ts` (or `agents.d.ts`, or the proxy's), a type
/// exported there, and used by the TypeScript consumer in `tests/types/` (outside comments).
fn documented_api(pkg: &Path) -> Result<()> {
    let documented = readme_tables::documented(&read(&root().join("README.md"))?);
    if documented.is_empty() {
        return Err("found no API tables in README.md".into());
    }
    let types =
        read(&pkg.join("index.d.ts"))? + &read(&pkg.join("agents.d.ts"))? + &read(&pkg.join("proxy/index.d.ts"))?;
    let mut consumer = String::new();
    for entry in std::fs::read_dir(root().join("tests/types")).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|ext| ["ts", "mts", "cts"].iter().any(|e| ext == *e)) {
            consumer.push_str(&code_lines(&read(&path)?));
        }
    }
    let undeclared: Vec<&str> = documented.iter().filter(|d| !declares(&types, d)).map(|d| d.name.as_str()).collect();
    let unused: Vec<&str> = documented.iter().filter(|d| !uses(&consumer, d)).map(|d| d.name.as_str()).collect();
    match (undeclared.is_empty(), unused.is_empty()) {
        (true, true) => Ok(()),
        (false, _) => Err(format!("not declared in index.d.ts: {}", undeclared.join(", "))),
        (true, false) => Err(format!("not used in tests/types: {}", unused.join(", "))),
    }
}

/// Whether `types` declares `item`: a member `name:`/`name?:`, a method `name(`, a code `"NAME"`,
/// a type exported (`export interface`, `type` or `class`; `agents.d.ts` re-exports `index.d.ts`'s).
fn declares(types: &str, item: &Documented) -> bool {
    let name = item.name.as_str();
    match item.kind {
        ApiKind::Type => types.lines().any(|line| {
            ["export interface ", "export type ", "export class "]
                .iter()
                .filter_map(|start| line.strip_prefix(start))
                .any(|rest| words(rest).next() == Some(name))
        }),
        ApiKind::Code => types.contains(&format!("\"{name}\"")),
        ApiKind::Method => types.contains(&format!("  {name}(")),
        ApiKind::Option | ApiKind::Field => {
            types.contains(&format!(" {name}:")) || types.contains(&format!(" {name}?:"))
        }
    }
}

/// Whether the consumer's code uses `item`: its name as a word (a code as a string).
fn uses(consumer: &str, item: &Documented) -> bool {
    match item.kind {
        ApiKind::Code => consumer.contains(&format!("\"{}\"", item.name)),
        _ => words(consumer).any(|w| w == item.name),
    }
}

/// The lines of a TypeScript file that are not comments.
fn code_lines(source: &str) -> String {
    let code = source.lines().filter(|l| !["//", "/*", "*"].iter().any(|c| l.trim_start().starts_with(c)));
    code.flat_map(|l| [l, "\n"]).collect()
}

/// The identifier-like words of `text`.
fn words(text: &str) -> impl Iterator<Item = &str> + Clone {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$')).filter(|w| !w.is_empty())
}

fn budget(bytes: usize, limit: usize) -> Result<()> {
    if bytes <= limit { Ok(()) } else { Err(format!("{} B over", bytes - limit)) }
}

/// The entries with a CommonJS module beside their ES module.
const DUAL_ENTRIES: [&str; 5] = [".", "./node", "./agents", "./agents/node", "./auth"];

/// The entries that are ES modules only (docs/testing.md says why): a
/// CommonJS caller reaches them through `import()`.
const ESM_ENTRIES: [&str; 11] = [
    "./web",
    "./bundler",
    "./agents/web",
    "./agents/bundler",
    "./proxy",
    "./widget",
    "./tools",
    "./tools/ai",
    "./tools/openai",
    "./tools/anthropic",
    "./tools/mcp",
];

/// `publint --strict` over `pkg/`: its warnings fail too.
fn publint(pkg: &Path) -> Result<()> {
    let output = capture(npm_bin("publint").arg(pkg).arg("--strict"))?;
    let report = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
    if output.status.success() && report.contains("All good!") { Ok(()) } else { Err(report.trim_end().to_owned()) }
}

/// `@arethetypeswrong/cli` on the tarball, for `entries`, in every resolution
/// mode (node10, node16 from CommonJS and from ES modules, bundler), every
/// rule but `ignored`.
fn attw(tarball: &Path, entries: &[&str], ignored: &[&str]) -> Result<()> {
    let mut cmd = npm_bin("attw");
    cmd.arg(tarball).arg("--entrypoints").args(entries).args(["--format", "ascii", "--no-emoji"]);
    if !ignored.is_empty() {
        cmd.arg("--ignore-rules").args(ignored);
    }
    let output = capture(&mut cmd)?;
    let report = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
    if output.status.success() && report.contains("No problems found") {
        Ok(())
    } else {
        Err(report.trim_end().to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::{code_lines, declares, uses};
    use crate::readme_tables::{ApiKind, Documented};

    fn item(kind: ApiKind, name: &str) -> Documented {
        Documented { kind, name: name.to_owned() }
    }

    #[test]
    fn a_declaration_is_a_member_a_method_or_a_code() {
        let types = "export interface O {\n  maxResponseBytes?: number;\n  text: string;\n}\nexport class C {\n  ask(q: string): void;\n}\ntype Code = \"TIMEOUT\";\n";
        assert!(declares(types, &item(ApiKind::Option, "maxResponseBytes")));
        assert!(declares(types, &item(ApiKind::Field, "text")));
        assert!(declares(types, &item(ApiKind::Method, "ask")));
        assert!(declares(types, &item(ApiKind::Code, "TIMEOUT")));
        assert!(!declares(types, &item(ApiKind::Option, "ResponseBytes")), "a name must be whole");
        assert!(!declares(types, &item(ApiKind::Method, "text")), "a field is no method");
        assert!(!declares(types, &item(ApiKind::Code, "TIME")));
    }

    #[test]
    fn a_type_is_declared_exported() {
        let types = "export interface QaAnswer {\n  text: string;\n}\nexport type Rate = string;\nexport class A2AClient {}\nimport type {\n  Task,\n} from \"./index.js\";\ninterface Hidden {}\n";
        for name in ["QaAnswer", "Rate", "A2AClient"] {
            assert!(declares(types, &item(ApiKind::Type, name)), "{name}");
        }
        for name in ["QaAnswers", "Qa", "Hidden", "Task", "Citation", "text"] {
            assert!(!declares(types, &item(ApiKind::Type, name)), "{name}");
        }
    }

    #[test]
    fn a_use_is_a_word_of_code_not_of_a_comment() {
        let consumer =
            code_lines("// maxResponseBytes in a comment\nconst o = { rateLimit: 1 };\nconst c = \"TIMEOUT\";\n");
        assert!(uses(&consumer, &item(ApiKind::Option, "rateLimit")));
        assert!(!uses(&consumer, &item(ApiKind::Option, "maxResponseBytes")));
        assert!(!uses(&consumer, &item(ApiKind::Option, "rate")));
        assert!(uses(&consumer, &item(ApiKind::Code, "TIMEOUT")));
    }
}
