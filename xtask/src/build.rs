//! `cargo xtask build`: the npm package in `pkg/`, for the web, bundler and
//! node targets, with the pinned wasm-bindgen CLI and npm binaryen's
//! `wasm-opt -Oz`, plus the hand-written entries and types of `pkg-template/`.

use crate::auth_package;
use crate::files::{copy, copy_tree, read, write};
use crate::manifest::Workspace;
use crate::minify;
use crate::setup;
use crate::shell::{self, Result, cargo, npm_bin, root};
use crate::size::{gzip_size, kb};
use crate::transport_js::{self, LAZY_MODULE};
use crate::wasm_opt::wasm_opt;
use crate::wordpress_zip;
use crate::{node_wasm, sim_npm, tools_package};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The crate of the npm bundle (`npm/`).
pub const NPM_CRATE: &str = "magisterium-a2a-npm";

/// One `.wasm` of the package: the classes of one entry, built from the npm
/// crate with that entry's feature (see `npm/Cargo.toml`).
pub struct Wasm {
    /// The entry, as a user imports it.
    pub entry: &'static str,
    /// The npm crate's features.
    pub features: &'static str,
    /// The stem of its glue's and `.wasm`'s file names (`<stem>.js`, `<stem>_bg.wasm`).
    stem: &'static str,
}

/// The entries' `.wasm`s: `MagisteriumClient`, which most pages load, and
/// `A2AClient`, with everything only it needs.
pub const WASMS: [Wasm; 2] = [
    Wasm { entry: "magisterium-a2a", features: "bundle,magisterium", stem: "magisterium_a2a" },
    Wasm { entry: "magisterium-a2a/agents", features: "bundle,agents", stem: "magisterium_a2a_agents" },
];

/// The `.wasm` that `A2AClient` loads only when a client first speaks A2A
/// 1.0 or opens a stream (the core's result packaging and event-stream reader,
/// `npm/src/protocol.rs`), through [`LAZY_MODULE`]. Each build binds it in a
/// folder of its own, [`PROTOCOL_DIR`], so that its glue's copy of the JS
/// snippets it imports is not the entry's (a bundler would make a chunk of a
/// module both import, one more file up front).
pub const PROTOCOL: Wasm = Wasm {
    entry: "magisterium-a2a/agents (loaded later)",
    features: "bundle,protocol",
    stem: "magisterium_a2a_protocol",
};

/// The folder of a build where [`PROTOCOL`] is bound (the Node build keeps
/// it; the bundled ones bundle its glue, and the web build keeps its `.wasm`
/// beside the lazily loaded module, where its glue looks for it).
const PROTOCOL_DIR: &str = "protocol";

/// The module, beside [`LAZY_MODULE`], that gives it [`PROTOCOL`]'s exports
/// once instantiated: written into each build from the build's template
/// (`PackageBuild::protocol`).
const PROTOCOL_LOADER: &str = "protocol-wasm.js";

/// One build of the package: a wasm-bindgen target and the package folder it is written to.
struct PackageBuild {
    /// `--target` of wasm-bindgen.
    bindgen: &'static str,
    /// The folder under `pkg/`.
    dir: &'static str,
    /// Each entry's own files, in the order of [`WASMS`]: (template under
    /// `pkg-template/entries/`, name in the folder); the first is what a user imports.
    entries: [&'static [(&'static str, &'static str)]; 2],
    /// The modules the entries share (same pairs).
    shared: &'static [(&'static str, &'static str)],
    /// How the folder's files are shipped.
    packaging: Packaging,
    /// The template (under `pkg-template/entries/`) of its [`PROTOCOL_LOADER`].
    protocol: &'static str,
}

/// How a build's JS and `.wasm` reach the user.
#[derive(Clone, Copy, PartialEq)]
enum Packaging {
    /// An ES module per entry bundled from its file, the error class inside
    /// (one file less to fetch before a client starts; the class is one through
    /// the symbol `js/magisterium-error.js` registers it under), beside the
    /// `.wasm` it fetches.
    Module,
    /// The same with each `.wasm` inside its entry's module (base64), and the
    /// error class both import a module of its own ([`ERROR_MODULE`]).
    ModuleWithWasm,
    /// The glues, the entries and the snippets as separate files, each minified.
    Files,
}

/// The three builds of the package. The web and bundler builds share the
/// `--target web` glue; the bundler build instantiates it on import.
const BUILDS: [PackageBuild; 3] = [
    PackageBuild {
        bindgen: "web",
        dir: "web",
        entries: [&[("web.js", "index.js")], &[("web-agents.js", "agents.js")]],
        shared: &[CLASSES, ("loader.js", "loader.js")],
        packaging: Packaging::Module,
        protocol: "protocol-web.js",
    },
    PackageBuild {
        bindgen: "web",
        dir: "bundler",
        entries: [&[("bundler.js", "index.js")], &[("bundler-agents.js", "agents.js")]],
        shared: &[CLASSES],
        packaging: Packaging::ModuleWithWasm,
        protocol: "protocol-bundler.js",
    },
    PackageBuild {
        bindgen: "nodejs",
        dir: "node",
        entries: [
            &[("node.cjs", "index.cjs"), ("node.mjs", "index.mjs")],
            &[("node-agents.cjs", "agents.cjs"), ("node-agents.mjs", "agents.mjs")],
        ],
        shared: &[],
        packaging: Packaging::Files,
        protocol: "protocol-node.js",
    },
];

/// The module of the bundled builds that names the classes (inside each entry's bundle).
const CLASSES: (&str, &str) = ("classes.js", "classes.js");

/// The error class's own module in the bundler build, which both entries
/// import: one `MagisteriumError` for both.
const ERROR_MODULE: &str = "magisterium-error.js";

/// Where each wasm-bindgen target's bindings of the `.wasm`s are made once
/// (under the workspace), before each build of that target copies them.
const BOUND: &str = "target/wasm-entries/bound";

/// The gzip sizes of one entry of one build.
pub struct Sizes {
    /// The build's folder name.
    pub dir: &'static str,
    /// The entry, as a user imports it.
    pub entry: &'static str,
    /// Its `_bg.wasm` (0 when it travels inside the JS).
    pub wasm: usize,
    /// The JS a page loads up front for it: its module and what it imports
    /// statically (the glue, the entries and the error class).
    pub js: usize,
    /// What it loads lazily ([`LAZY_MODULE`] and [`PROTOCOL`]'s `.wasm`), in
    /// the web build; 0 elsewhere.
    pub lazy: usize,
}

/// Builds the package and prints its sizes.
pub fn run() -> Result<Vec<Sizes>> {
    setup::wasm_target()?;
    setup::wasm_bindgen_cli()?;
    setup::npm_tools()?;
    let wasms = root().join("target/wasm-entries");
    fs::create_dir_all(&wasms).map_err(|e| format!("{}: {e}", wasms.display()))?;
    let mut modules = Vec::new();
    for wasm in WASMS.iter().chain([&PROTOCOL]) {
        modules.push(build_wasm(wasm, &wasms)?);
    }
    let pkg = root().join("pkg");
    for dir in [&pkg, &root().join(BOUND)] {
        if dir.exists() {
            fs::remove_dir_all(dir).map_err(|e| format!("removing {}: {e}", dir.display()))?;
        }
    }
    let mut sizes = Vec::new();
    for build in &BUILDS {
        sizes.extend(write_build(build, &modules, &pkg.join(build.dir))?);
    }
    let template = root().join("pkg-template");
    write(&pkg.join("package.json"), &package_manifest(&template.join("package.json"))?)?;
    for stem in ["index", "agents"] {
        let types = read(&template.join(format!("{stem}.d.ts")))?;
        write(&pkg.join(format!("{stem}.d.ts")), &types)?;
        write(&pkg.join(format!("{stem}.d.cts")), &commonjs_types(&types)?)?;
    }
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&root().join(license), &pkg.join(license))?;
    }
    let widget = write_widget(&pkg.join("widget"))?;
    let proxy = write_proxy(&pkg.join("proxy"))?;
    let auth = auth_package::write(&pkg)?;
    let tools = tools_package::write(&pkg)?;
    let simulator = sim_npm::write(&pkg, package_manifest)?;
    let readme = read(&root().join("README.md"))?;
    let usage = npm_usage(&readme)?;
    write(&pkg.join("README.md"), &read(&template.join("README.md"))?.replace("{{USAGE}}", usage))?;
    let plugin = wordpress_zip::package(&pkg)?;
    print_sizes(&sizes);
    println!("  widget (magisterium-a2a/widget, beside web/, every language inside): js {:>8}", kb(widget));
    println!("  WordPress plugin: {}", plugin.display());
    println!("  proxy entry (magisterium-a2a/proxy, no wasm): js {:>8}", kb(proxy));
    println!("  auth entry (magisterium-a2a/auth, oauth4webapi inside, no wasm): js {:>8}", kb(auth));
    for (entry, size) in tools_package::ENTRIES.iter().zip(&tools) {
        println!("  tools/{entry}.js (magisterium-a2a/tools and its adapters, no wasm): js {:>8}", kb(*size));
    }
    println!(
        "  simulator ({}, the package {}: `npx {0}`): wasm+js {:>8}",
        sim_npm::NAME,
        sim_npm::dir().display(),
        kb(simulator.simulator)
    );
    println!(
        "  playground ({}/playground/, the demo with the simulator in a Service Worker): {:>8}",
        sim_npm::dir().display(),
        kb(simulator.playground)
    );
    Ok(sizes)
}

/// A package.json from its template: the library's version and repository (Cargo.toml's)
/// in place of `{{VERSION}}` and `{{REPOSITORY}}`, so both npm packages and the crate carry one version.
pub fn package_manifest(template: &Path) -> Result<String> {
    let workspace = Workspace::read()?;
    let library = workspace.package("magisterium-a2a")?;
    let repository = library.repository.as_deref().ok_or("the library's Cargo.toml names no repository")?;
    Ok(read(template)?.replace("{{VERSION}}", &library.version).replace("{{REPOSITORY}}", repository))
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

/// Builds the `.wasm` of `wasm` (the npm crate with its features) and keeps
/// a copy in `dir` (the next build overwrites cargo's); the copy's path.
fn build_wasm(wasm: &Wasm, dir: &Path) -> Result<PathBuf> {
    println!("building the wasm module of {} (features {})", wasm.entry, wasm.features);
    shell::run(cargo().args(["build", "-p", NPM_CRATE, "--target", "wasm32-unknown-unknown", "--profile"]).args([
        "wasm-release",
        "--no-default-features",
        "--features",
        wasm.features,
    ]))?;
    let built =
        root().join("target/wasm32-unknown-unknown/wasm-release").join(format!("{}.wasm", NPM_CRATE.replace('-', "_")));
    let kept = dir.join(format!("{}.wasm", wasm.stem));
    copy(&built, &kept)?;
    Ok(kept)
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

/// One build: bindings and `wasm-opt` for each `.wasm` (`modules`, in the
/// order of [`WASMS`]), then the entries; the sizes of each entry.
fn write_build(build: &PackageBuild, modules: &[PathBuf], out: &Path) -> Result<Vec<Sizes>> {
    println!("build {} (wasm-bindgen --target {})", build.dir, build.bindgen);
    // The web and bundler builds bind the same way: once, in a folder both copy.
    let bound = root().join(BOUND).join(build.bindgen);
    if !bound.exists() {
        for (wasm, module) in WASMS.iter().zip(modules) {
            bind(build.bindgen, wasm, module, &bound)?;
        }
        bind(build.bindgen, &PROTOCOL, &modules[WASMS.len()], &bound.join(PROTOCOL_DIR))?;
    }
    copy_tree(&bound, out)?;
    let glues: Vec<PathBuf> = WASMS.iter().map(|wasm| out.join(format!("{}.js", wasm.stem))).collect();
    // Both glues import the snippets of one crate: wasm-bindgen wrote them to one folder.
    let error_module = error_module(out)?;
    let snippets = error_module.parent().ok_or("the error module has no folder")?;
    transport_js::write_lazy_module(&snippets.join(LAZY_MODULE))?;
    let protocol_glue = out.join(PROTOCOL_DIR).join(format!("{}.js", PROTOCOL.stem));
    let from_snippets = |file: &Path| -> Result<String> {
        let depth = snippets.strip_prefix(out).map_err(|e| e.to_string())?.components().count();
        Ok(format!("{}{}", "../".repeat(depth), file.strip_prefix(out).map_err(|e| e.to_string())?.display()))
    };
    let loader = read(&root().join("pkg-template/entries").join(build.protocol))?
        .replace("{{PROTOCOL_GLUE}}", &from_snippets(&protocol_glue)?)
        .replace(
            "{{PROTOCOL_WASM}}",
            &from_snippets(&protocol_glue.with_file_name(format!("{}_bg.wasm", PROTOCOL.stem)))?,
        );
    write(&snippets.join(PROTOCOL_LOADER), &loader)?;
    let relative = format!("./{}", error_module.strip_prefix(out).map_err(|e| e.to_string())?.display());
    // The bundler build's entries share the error class as a module of its own (see `bundle`).
    let error_import =
        if build.packaging == Packaging::ModuleWithWasm { format!("./{ERROR_MODULE}") } else { relative.clone() };
    if build.dir == "node" {
        for folder in [snippets.to_path_buf()].into_iter().chain(protocol_snippets(out)?) {
            commonjs_snippets(&folder)?;
        }
        // `main` and `types` for TypeScript's and Node's resolution of old (`node10`), which reads no
        // `exports`: `magisterium-a2a/node` is then this folder.
        let manifest = "{ \"type\": \"commonjs\", \"main\": \"./index.cjs\", \"types\": \"../index.d.cts\" }\n";
        write(&out.join("package.json"), manifest)?;
        let mut modules: Vec<(&str, &str)> = WASMS.iter().map(|wasm| ("", wasm.stem)).collect();
        modules.push((PROTOCOL_DIR, PROTOCOL.stem));
        node_wasm::share(out, &modules)?;
    }
    let templates = root().join("pkg-template/entries");
    for (template, name) in build.entries.iter().flat_map(|files| files.iter()).chain(build.shared) {
        write(&out.join(name), &read(&templates.join(template))?.replace("{{ERROR_MODULE}}", &error_import))?;
    }
    // The Node build's glue reads the web build's `.wasm` (`node_wasm`).
    let wasm_dir = if build.dir == "node" { out.with_file_name("web") } else { out.to_path_buf() };
    let wasm_size = |wasm: &Wasm| gzip_size(&[&wasm_dir.join(format!("{}_bg.wasm", wasm.stem))]);
    let mut sizes = Vec::new();
    match build.packaging {
        Packaging::Files => {
            let shared = snippet_files(snippets)?;
            // The error class stays readable: an uncaught error's stack starts in it, and Node prints that line.
            let mut all: Vec<PathBuf> = shared.iter().filter(|file| **file != error_module).cloned().collect();
            all.extend(glues.iter().cloned());
            all.push(protocol_glue.clone());
            for folder in protocol_snippets(out)? {
                all.extend(snippet_files(&folder)?);
            }
            all.extend(build.entries.iter().flat_map(|files| files.iter()).map(|(_, name)| out.join(name)));
            minify_js(&all)?;
            for ((wasm, glue), files) in WASMS.iter().zip(&glues).zip(build.entries) {
                let mut js: Vec<PathBuf> = shared.iter().chain([glue]).cloned().collect();
                js.extend(files.iter().map(|(_, name)| out.join(name)));
                let js: Vec<&Path> = js.iter().map(PathBuf::as_path).collect();
                sizes.push(Sizes {
                    dir: build.dir,
                    entry: wasm.entry,
                    wasm: wasm_size(wasm)?,
                    js: gzip_size(&js)?,
                    lazy: 0,
                });
            }
        }
        Packaging::Module | Packaging::ModuleWithWasm => {
            let loads = bundle(out, build, &glues, &relative)?;
            for (wasm, (up_front, lazy)) in WASMS.iter().zip(loads) {
                let up_front: Vec<&Path> = up_front.iter().map(PathBuf::as_path).collect();
                let lazy: Vec<&Path> = lazy.iter().map(PathBuf::as_path).collect();
                let wasm_bytes = if build.packaging == Packaging::Module { wasm_size(wasm)? } else { 0 };
                let lazy = match build.packaging {
                    Packaging::Module if !lazy.is_empty() => gzip_size(&lazy)? + wasm_size(&PROTOCOL)?,
                    _ => 0,
                };
                sizes.push(Sizes {
                    dir: build.dir,
                    entry: wasm.entry,
                    wasm: wasm_bytes,
                    js: gzip_size(&up_front)?,
                    lazy,
                });
            }
        }
    }
    Ok(sizes)
}

/// The bindings of `wasm` (built at `module`) for wasm-bindgen's target
/// `bindgen`, in `out`, its `.wasm` shrunk by `wasm-opt` and its glue's
/// import names minified as binaryen renamed them.
fn bind(bindgen: &str, wasm: &Wasm, module: &Path, out: &Path) -> Result<()> {
    // The package ships its own index.d.ts: wasm-bindgen's would name internals.
    shell::run(
        Command::new("wasm-bindgen")
            .args([
                "--target",
                bindgen,
                "--no-typescript",
                "--remove-name-section",
                "--remove-producers-section",
                "--out-name",
                wasm.stem,
                "--out-dir",
            ])
            .arg(out)
            .arg(module),
    )?;
    let module = out.join(format!("{}_bg.wasm", wasm.stem));
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
    let glue = out.join(format!("{}.js", wasm.stem));
    write(&glue, &minify::parse(&printed)?.apply(&read(&glue)?)?)
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

/// A build's entries bundled by esbuild into one minified ES module each
/// (the glue, the snippets and, for [`Packaging::ModuleWithWasm`], the `.wasm`
/// bundled in). [`Packaging::ModuleWithWasm`]'s import the error class from
/// [`ERROR_MODULE`], a module both entries share, so an error from either is
/// an instance of the class either exports ([`Packaging::Module`]'s each bundle
/// it, one class through its registered symbol); [`Packaging::Module`] keeps the
/// lazily loaded module a file of its own, [`LAZY_MODULE`]. A page fetches two files (three for an
/// `A2AClient` that speaks 1.0) instead of a chain of six. Only those files
/// and a fetched `.wasm` stay. `error_module` is the snippet's path as the
/// glues import it. For each entry, in the order of [`WASMS`]: the files it
/// loads up front (itself and what it imports statically) and those it may
/// load later.
fn bundle(
    out: &Path,
    build: &PackageBuild,
    glues: &[PathBuf],
    error_module: &str,
) -> Result<Vec<(Vec<PathBuf>, Vec<PathBuf>)>> {
    let shared_error = build.packaging == Packaging::ModuleWithWasm;
    if shared_error {
        shell::run(esbuild(&out.join(error_module)).arg(format!("--outfile={}", out.join(ERROR_MODULE).display())))?;
        for glue in glues {
            write(glue, &read(glue)?.replace(error_module, &format!("./{ERROR_MODULE}")))?;
        }
    }
    let bundled = out.join("bundled");
    let meta = out.join("meta.json");
    let mut loads = Vec::new();
    for files in build.entries {
        let entry = files[0].1;
        let mut esbuild = npm_bin("esbuild");
        esbuild.current_dir(out).arg(entry).args(["--bundle", "--format=esm", "--minify", "--log-level=warning"]);
        esbuild.arg("--metafile=meta.json");
        if shared_error {
            esbuild.arg(format!("--external:./{ERROR_MODULE}"));
        }
        if build.packaging == Packaging::ModuleWithWasm {
            // esbuild's `binary` loader: the bytes as base64, decoded to a Uint8Array at run time;
            // by its own decoder under an ES2022 target (esnext's `Uint8Array.fromBase64` is too new).
            // The lazy module stays inside: the app's bundler splits it.
            esbuild.args(["--loader:.wasm=binary", "--target=es2022"]).arg(format!("--outfile=bundled/{entry}"));
        } else {
            // The dynamic import becomes a file of its own, named as its source.
            esbuild.args(["--splitting", "--chunk-names=[name]", "--outdir=bundled"]);
        }
        shell::run(&mut esbuild)?;
        loads.push(entry_loads(&read(&meta)?, entry)?);
    }
    fs::remove_file(&meta).map_err(|e| format!("{}: {e}", meta.display()))?;
    // The entries' sources, the glues, the shared modules and the snippets are all in the bundles now.
    let mut bundled_in: Vec<String> = WASMS.iter().map(|wasm| format!("{}.js", wasm.stem)).collect();
    let sources = build.entries.iter().flat_map(|files| files.iter()).chain(build.shared);
    bundled_in.extend(sources.map(|(_, name)| name.to_string()));
    if build.packaging == Packaging::ModuleWithWasm {
        bundled_in.extend(WASMS.iter().map(|wasm| format!("{}_bg.wasm", wasm.stem)));
    }
    for name in bundled_in {
        fs::remove_file(out.join(&name)).map_err(|e| format!("removing {name} of {}: {e}", build.dir))?;
    }
    fs::remove_dir_all(out.join("snippets")).map_err(|e| format!("removing the snippets of {}: {e}", build.dir))?;
    for entry in fs::read_dir(&bundled).map_err(|e| format!("{}: {e}", bundled.display()))? {
        let from = entry.map_err(|e| e.to_string())?.path();
        let name = from.file_name().ok_or("a bundled file without a name")?;
        fs::rename(&from, out.join(name)).map_err(|e| format!("{}: {e}", from.display()))?;
    }
    fs::remove_dir(&bundled).map_err(|e| format!("{}: {e}", bundled.display()))?;
    // [`PROTOCOL`]'s glue is in the bundles now; the web build fetches its `.wasm` beside them.
    let protocol = out.join(PROTOCOL_DIR);
    if build.packaging == Packaging::Module {
        let wasm = format!("{}_bg.wasm", PROTOCOL.stem);
        fs::rename(protocol.join(&wasm), out.join(&wasm)).map_err(|e| format!("{wasm} of {}: {e}", build.dir))?;
    }
    fs::remove_dir_all(&protocol).map_err(|e| format!("removing {}: {e}", protocol.display()))?;
    let in_out = |files: &[String]| files.iter().map(|file| out.join(file)).collect::<Vec<_>>();
    Ok(loads.iter().map(|(up_front, lazy)| (in_out(up_front), in_out(lazy))).collect())
}

/// From esbuild's metafile of the bundle of `entry`: the names of the files
/// it loads up front (its bundle, and the modules it imports statically,
/// those of the bundle and [`ERROR_MODULE`]) and of those it may load later
/// (dynamic imports).
fn entry_loads(meta: &str, entry: &str) -> Result<(Vec<String>, Vec<String>)> {
    let meta: Value = serde_json::from_str(meta).map_err(|e| format!("esbuild's metafile: {e}"))?;
    let outputs = meta.get("outputs").and_then(Value::as_object).ok_or("esbuild's metafile has no outputs")?;
    let (mut up_front, mut lazy) = (vec![format!("bundled/{entry}")], Vec::new());
    let mut next = 0;
    while let Some(file) = up_front.get(next).cloned() {
        next += 1;
        let Some(output) = outputs.get(&file) else { continue }; // an external module
        for import in output.get("imports").and_then(Value::as_array).into_iter().flatten() {
            let path = import.get("path").and_then(Value::as_str).unwrap_or_default().to_owned();
            let dynamic = import.get("kind").and_then(Value::as_str) == Some("dynamic-import");
            let list = if dynamic { &mut lazy } else { &mut up_front };
            if !list.contains(&path) {
                list.push(path);
            }
        }
    }
    let name = |path: &String| path.trim_start_matches("./").trim_start_matches("bundled/").to_owned();
    Ok((up_front.iter().map(name).collect(), lazy.iter().map(name).collect()))
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

/// The folders of the JS snippets wasm-bindgen copied for [`PROTOCOL`]'s glue (`protocol/snippets/*/js`).
fn protocol_snippets(out: &Path) -> Result<Vec<PathBuf>> {
    let snippets = out.join(PROTOCOL_DIR).join("snippets");
    if !snippets.exists() {
        return Ok(Vec::new());
    }
    let crates = fs::read_dir(&snippets).map_err(|e| format!("{}: {e}", snippets.display()))?;
    Ok(crates.filter_map(|entry| entry.ok()).map(|entry| entry.path().join("js")).filter(|js| js.is_dir()).collect())
}

/// Every JS snippet wasm-bindgen copied into `folder` (all count in the size).
fn snippet_files(folder: &Path) -> Result<Vec<PathBuf>> {
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
/// with the build's other files. `folder`: a folder of snippets.
fn commonjs_snippets(folder: &Path) -> Result<()> {
    for path in snippet_files(folder)? {
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

/// The types of the `require` condition (`<entry>.d.cts`, for CommonJS
/// callers of the Node build) from `<entry>.d.ts`: the same declarations, with
/// `init` by name too (the CommonJS module exports it as `init` and, marked
/// `__esModule`, as `default`: TypeScript's `import init from` of a CommonJS
/// caller then gets it), and the other entry's types from its `.d.cts`.
fn commonjs_types(types: &str) -> Result<String> {
    const DEFAULT_INIT: &str = "export default function init(";
    if types.matches(DEFAULT_INIT).count() != 1 {
        return Err(format!("each entry's .d.ts must declare `{DEFAULT_INIT}` once"));
    }
    let header = "// The types of the entry's CommonJS module, written by `cargo xtask build` from its .d.ts.\n";
    let by_name = "\n/** `init`, by name too: `require(\"magisterium-a2a\").init`. */\nexport { init };\n";
    Ok(format!("{header}{}{by_name}", types.replace("from \"./index.js\"", "from \"./index.cjs\"")))
}

/// The part of the project README that is also the npm README's usage:
/// between `<!-- npm-readme:start -->` and `<!-- npm-readme:end -->`.
fn npm_usage(readme: &str) -> Result<&str> {
    let start = readme.split_once("<!-- npm-readme:start -->\n").map(|(_, rest)| rest);
    let usage = start.and_then(|rest| rest.split_once("<!-- npm-readme:end -->")).map(|(usage, _)| usage.trim_end());
    usage.ok_or_else(|| "README.md lacks the npm-readme:start/end markers".into())
}

fn print_sizes(sizes: &[Sizes]) {
    println!("gzip sizes of what each entry loads up front (wasm + JS):");
    for s in sizes {
        let wasm = if s.wasm == 0 { "(in js)".to_owned() } else { kb(s.wasm) };
        let (dir, entry) = (s.dir, s.entry);
        let total = s.wasm + s.js;
        println!("  {dir:<8} {entry:<23} wasm {wasm:>9}  js {:>8}  total {:>8} ({total} B)", kb(s.js), kb(total));
        if s.lazy > 0 {
            let later = format!("+ {LAZY_MODULE} and {}_bg.wasm, on a first A2A 1.0 call or stream", PROTOCOL.stem);
            println!("  {dir:<8} {entry:<23} {later}: {:>8}", kb(s.lazy));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::commonjs_types;

    #[test]
    fn the_commonjs_types_export_init_by_name_and_as_default() {
        let types = "export { E } from \"./index.js\";\n/** Loads. */\nexport default function init(input?: string): Promise<unknown>;\n";
        let converted = commonjs_types(types).unwrap();
        assert!(converted.contains("export { E } from \"./index.cjs\";\n"), "{converted}");
        assert!(converted.contains("export default function init(input?: string): Promise<unknown>;\n"));
        assert!(converted.ends_with("export { init };\n"));
        assert!(commonjs_types("export class A {}\n").is_err(), "no default init to convert");
    }
}
