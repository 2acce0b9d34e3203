//! `cargo xtask build`: the npm package in `pkg/`, for the web, bundler and
//! node targets, with the pinned wasm-bindgen CLI and npm binaryen's
//! `wasm-opt -Oz`, plus the hand-written entries and types of `pkg-template/`.

use crate::auth_package;
use crate::files::{copy, read, write};
use crate::manifest::Workspace;
use crate::minify;
use crate::setup;
use crate::shell::{self, Result, cargo, npm_bin, root};
use crate::size::{gzip_size, kb};
use crate::wordpress;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The crate of the npm bundle (`npm/`).
pub const NPM_CRATE: &str = "magisterium-a2a-npm";

/// The stem of the glue's and the `.wasm`'s file names in the package.
const STEM: &str = "magisterium_a2a";

/// One build of the package: a wasm-bindgen target and the package folder it is written to.
struct PackageBuild {
    /// `--target` of wasm-bindgen.
    bindgen: &'static str,
    /// The folder under `pkg/`.
    dir: &'static str,
    /// The entry files: (template under `pkg-template/entries/`, name in the folder).
    entries: &'static [(&'static str, &'static str)],
    /// How the folder's files are shipped.
    shape: Shape,
}

/// How a build's JS and `.wasm` reach the user.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// One ES module bundled from `index.js`, beside the `.wasm` it fetches.
    Module,
    /// One ES module bundled from `index.js` with the `.wasm` inside it (base64).
    ModuleWithWasm,
    /// The glue, the entries and the snippets as separate files, each minified.
    Files,
}

/// The three builds of the package. The web and bundler builds share the
/// `--target web` glue; the bundler build instantiates it on import.
const BUILDS: [PackageBuild; 3] = [
    PackageBuild { bindgen: "web", dir: "web", entries: &[("web.js", "index.js"), CLASSES], shape: Shape::Module },
    PackageBuild {
        bindgen: "web",
        dir: "bundler",
        entries: &[("bundler.js", "index.js"), CLASSES],
        shape: Shape::ModuleWithWasm,
    },
    PackageBuild {
        bindgen: "nodejs",
        dir: "node",
        entries: &[("node.cjs", "index.cjs"), ("node.mjs", "index.mjs")],
        shape: Shape::Files,
    },
];

/// The module that names the classes, shared by the bundled builds.
const CLASSES: (&str, &str) = ("classes.js", "classes.js");

/// The JS module that `js/transport.js` loads the first time an `A2AClient`
/// speaks A2A 1.0 or opens a stream (`import("./agent-protocol.js")`).
/// wasm-bindgen copies only the modules the Rust code imports, so each build
/// gets it here; the web build keeps it a file of its own, fetched only then.
const LAZY_MODULE: &str = "agent-protocol.js";

/// The gzip sizes of one build.
pub struct Sizes {
    /// The build's folder name.
    pub dir: &'static str,
    /// `_bg.wasm` (0 when it travels inside the JS).
    pub wasm: usize,
    /// The JS glue, the entries and the error class, as loaded by every page.
    pub js: usize,
    /// The web build's lazily loaded module (0 elsewhere: it is in `js`).
    pub lazy: usize,
}

/// Builds the package and prints its sizes.
pub fn run() -> Result<Vec<Sizes>> {
    setup::wasm_target()?;
    setup::wasm_bindgen_cli()?;
    setup::npm_tools()?;
    println!("building the wasm module");
    shell::run(cargo().args([
        "build",
        "-p",
        NPM_CRATE,
        "--target",
        "wasm32-unknown-unknown",
        "--profile",
        "wasm-release",
    ]))?;
    let wasm =
        root().join("target/wasm32-unknown-unknown/wasm-release").join(format!("{}.wasm", NPM_CRATE.replace('-', "_")));
    let pkg = root().join("pkg");
    if pkg.exists() {
        fs::remove_dir_all(&pkg).map_err(|e| format!("removing pkg/: {e}"))?;
    }
    let mut sizes = Vec::new();
    for build in &BUILDS {
        sizes.push(write_build(build, &wasm, &pkg.join(build.dir))?);
    }
    let template = root().join("pkg-template");
    let workspace = Workspace::read()?;
    let library = workspace.package("magisterium-a2a")?;
    let repository = library.repository.as_deref().ok_or("the library's Cargo.toml names no repository")?;
    let manifest = read(&template.join("package.json"))?
        .replace("{{VERSION}}", &library.version)
        .replace("{{REPOSITORY}}", repository);
    write(&pkg.join("package.json"), &manifest)?;
    let types = read(&template.join("index.d.ts"))?;
    write(&pkg.join("index.d.ts"), &types)?;
    write(&pkg.join("index.d.cts"), &commonjs_types(&types)?)?;
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&root().join(license), &pkg.join(license))?;
    }
    let widget = write_widget(&pkg.join("widget"))?;
    let proxy = write_proxy(&pkg.join("proxy"))?;
    let auth = auth_package::write(&pkg)?;
    let readme = read(&root().join("README.md"))?;
    let usage = npm_usage(&readme)?;
    write(&pkg.join("README.md"), &read(&template.join("README.md"))?.replace("{{USAGE}}", usage))?;
    let plugin = wordpress::package(&pkg)?;
    print_sizes(&sizes);
    println!("  widget (magisterium-a2a/widget, beside web/, every language inside): js {:>8}", kb(widget));
    println!("  WordPress plugin: {}", plugin.display());
    println!("  proxy entry (magisterium-a2a/proxy, no wasm): js {:>8}", kb(proxy));
    println!("  auth entry (magisterium-a2a/auth, oauth4webapi inside, no wasm): js {:>8}", kb(auth));
    Ok(sizes)
}

/// The import by which the widget reaches the web build: kept as written, so
/// the package's `widget/` loads the `web/` beside it.
const WIDGET_CLIENT: &str = "../web/index.js";

/// The widget (`widget/`: the elements, every language file of `widget/lang/`
/// and the date words of `proxy/day.js`) as one minified ES module in `out`,
/// which imports only the web build beside it; its gzip size. One file, so a
/// page makes one request for the widget's words in any language and a
/// bundler has no dynamic import to follow (the choice and its measure:
/// docs/widget.md).
fn write_widget(out: &Path) -> Result<usize> {
    let module = out.join("magisterium-widget.js");
    shell::run(
        npm_bin("esbuild")
            .arg(root().join("widget/magisterium-widget.js"))
            .args(["--bundle", "--minify", "--format=esm", "--log-level=warning"])
            .arg(format!("--external:{WIDGET_CLIENT}"))
            .arg(format!("--outfile={}", module.display())),
    )?;
    copy(&root().join("widget/magisterium-widget.d.ts"), &out.join("magisterium-widget.d.ts"))?;
    gzip_size(&[&module])
}

/// The proxy entry (`proxy/`, plain JS on Web APIs) as one ES module with its
/// types, in `out`; its gzip size. Not minified: it runs on servers, where a
/// readable stack trace is worth more than bytes.
fn write_proxy(out: &Path) -> Result<usize> {
    let source = root().join("proxy");
    let index = out.join("index.js");
    shell::run(
        npm_bin("esbuild")
            .arg(source.join("index.js"))
            .args(["--bundle", "--format=esm", "--log-level=warning"])
            .arg(format!("--outfile={}", index.display())),
    )?;
    copy(&source.join("index.d.ts"), &out.join("index.d.ts"))?;
    gzip_size(&[&index])
}

/// One build: bindings, `wasm-opt`, entries.
fn write_build(build: &PackageBuild, wasm: &Path, out: &Path) -> Result<Sizes> {
    println!("build {} (wasm-bindgen --target {})", build.dir, build.bindgen);
    // The package ships its own index.d.ts: wasm-bindgen's would name internals.
    shell::run(
        Command::new("wasm-bindgen")
            .args([
                "--target",
                build.bindgen,
                "--no-typescript",
                "--remove-name-section",
                "--remove-producers-section",
                "--out-name",
                STEM,
                "--out-dir",
            ])
            .arg(out)
            .arg(wasm),
    )?;
    let module = out.join(format!("{STEM}_bg.wasm"));
    // `--converge` repeats the passes while they still shrink the module; the
    // renaming runs once, on its own, so binaryen prints one mapping. The
    // `target_features` section only tells tools what the code uses: no
    // runtime reads it. `--low-memory-unused` lets binaryen fold an added
    // constant below 1024 into a load's or store's offset, which differs from
    // the add only when the address wraps past 4 GiB into the first KiB:
    // Rust computes no such address (its pointers stay inside linear memory).
    wasm_opt(&["-Oz", "--converge", "--low-memory-unused", "--strip-target-features"], &module)?;
    let printed = wasm_opt(&[minify::FLAG], &module)?;
    // -Oz once more after the renaming: its shorter names let binaryen lay the
    // module out smaller (measured: -130 B gzip); no pass of it renames an import or export.
    wasm_opt(&["-Oz"], &module)?;
    let glue = out.join(format!("{STEM}.js"));
    write(&glue, &minify::parse(&printed)?.apply(&read(&glue)?)?)?;
    let error_module = error_module(out)?;
    let snippets = error_module.parent().ok_or("the error module has no folder")?;
    copy(&root().join("npm/js").join(LAZY_MODULE), &snippets.join(LAZY_MODULE))?;
    let relative = format!("./{}", error_module.strip_prefix(out).map_err(|e| e.to_string())?.display());
    if build.dir == "node" {
        commonjs_snippets(&error_module)?;
        write(&out.join("package.json"), "{ \"type\": \"commonjs\" }\n")?;
    }
    let mut js = snippet_files(&error_module)?;
    js.push(glue);
    for (template, name) in build.entries {
        let text = read(&root().join("pkg-template/entries").join(template))?.replace("{{ERROR_MODULE}}", &relative);
        write(&out.join(name), &text)?;
        js.push(out.join(name));
    }
    let (wasm, js, lazy) = match build.shape {
        Shape::Files => {
            minify_js(&js)?;
            (gzip_size(&[&module])?, js, 0)
        }
        Shape::Module => {
            let lazy = bundle(out, build)?;
            (gzip_size(&[&module])?, vec![out.join("index.js")], gzip_size(&[&lazy])?)
        }
        Shape::ModuleWithWasm => {
            bundle(out, build)?;
            (0, vec![out.join("index.js")], 0)
        }
    };
    let js: Vec<&Path> = js.iter().map(PathBuf::as_path).collect();
    Ok(Sizes { dir: build.dir, wasm, js: gzip_size(&js)?, lazy })
}

/// Runs npm binaryen's `wasm-opt` with `passes` on `module` in place (with the
/// features wasm-bindgen's output uses); what it printed.
fn wasm_opt(passes: &[&str], module: &Path) -> Result<String> {
    let mut opt = npm_bin("wasm-opt");
    opt.args(passes).args(["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext"]).args([
        "--enable-reference-types",
        "--enable-multivalue",
        "--enable-mutable-globals",
    ]);
    shell::stdout_or_fail(opt.arg(module).arg("-o").arg(module))
}

/// Minifies the package's JS in place with esbuild (whitespace, comments,
/// local names; exported names, top-level names (so the classes' `name`) and
/// each file's module format are kept).
fn minify_js(files: &[PathBuf]) -> Result<()> {
    for file in files {
        shell::run(esbuild(file).arg(format!("--outfile={}", file.display())))?;
    }
    Ok(())
}

/// A build as one minified ES module, `index.js` (the glue, the snippets and,
/// for [`Shape::ModuleWithWasm`], the `.wasm` bundled in): a page fetches one
/// file instead of a chain of six. Only `index.js`, a fetched `.wasm` and,
/// for [`Shape::Module`], the lazily loaded module stay; the path of that one.
/// (The bundler build keeps it inside `index.js`: the app's bundler splits it.)
fn bundle(out: &Path, build: &PackageBuild) -> Result<PathBuf> {
    let index = out.join("index.js");
    let bundled = out.join("bundled");
    let mut esbuild = esbuild(&index);
    esbuild.args(["--bundle", "--format=esm"]);
    if build.shape == Shape::ModuleWithWasm {
        // esbuild's `binary` loader: the bytes as base64, decoded to a Uint8Array at run time;
        // by its own decoder under an ES2022 target (esnext's `Uint8Array.fromBase64` is too new).
        esbuild.args(["--loader:.wasm=binary", "--target=es2022"]);
        esbuild.arg(format!("--outfile={}", bundled.join("index.js").display()));
    } else {
        // The dynamic import becomes a file of its own, named as its source.
        esbuild.args(["--splitting", "--chunk-names=[name]"]).arg(format!("--outdir={}", bundled.display()));
    }
    shell::run(&mut esbuild)?;
    let lazy = out.join(LAZY_MODULE);
    for entry in fs::read_dir(&bundled).map_err(|e| format!("{}: {e}", bundled.display()))? {
        let from = entry.map_err(|e| e.to_string())?.path();
        let name = from.file_name().ok_or("a bundled file without a name")?;
        fs::rename(&from, out.join(name)).map_err(|e| format!("{}: {e}", from.display()))?;
    }
    fs::remove_dir(&bundled).map_err(|e| format!("{}: {e}", bundled.display()))?;
    let mut bundled_in = vec![format!("{STEM}.js")];
    bundled_in.extend(build.entries.iter().map(|(_, name)| name.to_string()).filter(|name| name != "index.js"));
    if build.shape == Shape::ModuleWithWasm {
        bundled_in.push(format!("{STEM}_bg.wasm"));
    }
    for name in bundled_in {
        fs::remove_file(out.join(&name)).map_err(|e| format!("removing {name} of {}: {e}", build.dir))?;
    }
    fs::remove_dir_all(out.join("snippets")).map_err(|e| format!("removing the snippets of {}: {e}", build.dir))?;
    Ok(lazy)
}

/// esbuild minifying `file` (quietly, overwriting allowed).
fn esbuild(file: &Path) -> Command {
    let mut cmd = npm_bin("esbuild");
    cmd.arg(file).args(["--minify", "--log-level=warning", "--allow-overwrite"]);
    cmd
}

/// The error class wasm-bindgen copied under `snippets/<crate-hash>/`.
fn error_module(out: &Path) -> Result<PathBuf> {
    let snippets = fs::read_dir(out.join("snippets")).map_err(|e| format!("{}: {e}", out.display()))?;
    snippets
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.path().join("js/magisterium-error.js"))
        .find(|path| path.exists())
        .ok_or_else(|| format!("no snippets/*/js/magisterium-error.js in {}", out.display()))
}

/// Every JS snippet wasm-bindgen copied next to the error class (all count in the size).
fn snippet_files(error_module: &Path) -> Result<Vec<PathBuf>> {
    let folder = error_module.parent().ok_or("the error module has no folder")?;
    let entries = fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "js"))
        .collect();
    files.sort();
    Ok(files)
}

/// The Node build is CommonJS: esbuild converts its copies of the JS
/// snippets (ES modules) to CommonJS modules, so the package loads on every
/// Node 20 (not only those with `require(esm)`); the lazily loaded module is
/// then `require`d when first needed. They are minified after,
/// with the build's other files.
fn commonjs_snippets(error_module: &Path) -> Result<()> {
    for path in snippet_files(error_module)? {
        shell::run(
            npm_bin("esbuild")
                .arg(&path)
                // `import()` as `require` in a promise: a CommonJS module's named exports then.
                .args(["--format=cjs", "--supported:dynamic-import=false", "--log-level=warning", "--allow-overwrite"])
                .arg(format!("--outfile={}", path.display())),
        )?;
    }
    Ok(())
}

/// The types of the `require` condition (`index.d.cts`, for CommonJS
/// callers of the Node build) from `index.d.ts`: the CommonJS module
/// exports `init` by name. Its `default` (`init` too) stays undeclared: the
/// module sets no `__esModule`, so TypeScript's `import init from` hands a
/// CommonJS caller the whole module, and a declared default would type a
/// call that fails.
fn commonjs_types(types: &str) -> Result<String> {
    const DEFAULT_INIT: &str = "export default function init(";
    if types.matches(DEFAULT_INIT).count() != 1 {
        return Err(format!("index.d.ts must declare `{DEFAULT_INIT}` once"));
    }
    let header = "// The types of `require(\"magisterium-a2a\")`, written by `cargo xtask build` from index.d.ts.\n";
    Ok(format!("{header}{}", types.replacen(DEFAULT_INIT, "export function init(", 1)))
}

/// The part of the project README that is also the npm README's usage:
/// between `<!-- npm-readme:start -->` and `<!-- npm-readme:end -->`.
fn npm_usage(readme: &str) -> Result<&str> {
    let start = readme.split_once("<!-- npm-readme:start -->\n").map(|(_, rest)| rest);
    let usage = start.and_then(|rest| rest.split_once("<!-- npm-readme:end -->")).map(|(usage, _)| usage.trim_end());
    usage.ok_or_else(|| "README.md lacks the npm-readme:start/end markers".into())
}

fn print_sizes(sizes: &[Sizes]) {
    println!("gzip sizes (wasm + JS glue):");
    for s in sizes {
        let wasm = if s.wasm == 0 { "(in js)".to_owned() } else { kb(s.wasm) };
        println!("  {:<8} wasm {wasm:>9}  js {:>8}  total {:>8}", s.dir, kb(s.js), kb(s.wasm + s.js));
        if s.lazy > 0 {
            println!(
                "  {:<8} + {LAZY_MODULE}, loaded on a client's first A2A 1.0 call or stream: {:>8}",
                s.dir,
                kb(s.lazy)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::commonjs_types;

    #[test]
    fn the_commonjs_types_export_init_by_name() {
        let types =
            "export class A {}\n/** Loads. */\nexport default function init(input?: string): Promise<unknown>;\n";
        let converted = commonjs_types(types).unwrap();
        assert!(
            converted.ends_with(
                "export class A {}\n/** Loads. */\nexport function init(input?: string): Promise<unknown>;\n"
            )
        );
        assert!(!converted.contains("export default"));
        assert!(commonjs_types("export class A {}\n").is_err(), "no default init to convert");
    }
}
