//! The TypeScript matrix: the consumer files of `tests/types/` (one per
//! entry: `consumer.ts`, `agents.ts` and the sign-in entry's `auth.ts`) checked
//! against the installed package by each TypeScript of the root
//! `package.json` (npm aliases) under each config below, every (version,
//! config) one counted test. The configs are written here, into
//! `tests/types/generated/`, with the consumers copied there as ES modules
//! (`.mts`) and as CommonJS modules (`.cts`).

use crate::files::{read, write};
use crate::shell::{Result, capture, root};
use crate::tally::Tally;
use serde_json::{Value, json};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The consumers copied to `generated/` in each format (`tests/types/<name>.ts`).
const CONSUMERS: [&str; 3] = ["consumer", "agents", "auth"];

/// The npm packages of the TypeScript versions checked: the oldest supported
/// (5.0), the current 5.x and the current native compiler (7.x).
const COMPILERS: [&str; 3] = ["typescript-5.0", "typescript", "typescript-7"];

/// The module format of the consumer.
#[derive(Clone, Copy, PartialEq)]
enum Format {
    /// `.mts`.
    Esm,
    /// `.cts`.
    Cjs,
}

impl Format {
    fn name(self) -> &'static str {
        match self {
            Format::Esm => "esm",
            Format::Cjs => "cjs",
        }
    }

    /// The extension of a copied consumer file.
    fn extension(self) -> &'static str {
        match self {
            Format::Esm => "mts",
            Format::Cjs => "cts",
        }
    }
}

/// One config of the matrix: what a consumer's tsconfig.json says.
#[derive(Clone, Copy)]
struct TsConfig {
    /// `target`; its default `lib` (which has the DOM) unless `using` is `DisposableLib`.
    target: &'static str,
    /// `moduleResolution`.
    resolution: &'static str,
    format: Format,
    /// Whether the consumer `using`s the clients (`disposable.ts`), and how.
    using: Using,
}

/// Whether a config's consumer `using`s the clients, and with which `lib`.
#[derive(Clone, Copy, PartialEq)]
enum Using {
    /// No `using` (TypeScript 5.0 cannot parse it).
    No,
    /// `using`, with the target's default `lib`: the package's types declare `Disposable`.
    DefaultLib,
    /// `using`, with `lib` adding `esnext.disposable`.
    DisposableLib,
}

impl TsConfig {
    /// Every config: each target × resolution × format, and `using` with
    /// the default lib and with the disposable lib, in both formats.
    fn all() -> Vec<TsConfig> {
        let mut configs = Vec::new();
        for target in ["es2020", "es2022"] {
            for resolution in ["bundler", "node16", "nodenext"] {
                for format in [Format::Esm, Format::Cjs] {
                    configs.push(TsConfig { target, resolution, format, using: Using::No });
                }
            }
        }
        for using in [Using::DefaultLib, Using::DisposableLib] {
            for format in [Format::Esm, Format::Cjs] {
                configs.push(TsConfig { target: "es2022", resolution: "nodenext", format, using });
            }
        }
        configs
    }

    /// The config's name, also its folder under `generated/`.
    fn name(&self) -> String {
        let lib = match self.using {
            Using::No => "",
            Using::DefaultLib => "-using",
            Using::DisposableLib => "-disposable",
        };
        format!("{}-{}-{}{lib}", self.target, self.resolution, self.format.name())
    }

    /// `module`: CommonJS files under `bundler` need `preserve` (TypeScript
    /// 5.4), which also gives `require` its own condition there.
    fn module(&self) -> &'static str {
        match (self.resolution, self.format) {
            ("bundler", Format::Esm) => "esnext",
            ("bundler", Format::Cjs) => "preserve",
            (resolution, _) => resolution,
        }
    }

    /// Why `version` cannot check this config, if it cannot.
    fn unsupported(&self, version: (u32, u32)) -> Option<&'static str> {
        if self.module() == "preserve" && version < (5, 4) {
            Some("`module: preserve` needs TypeScript 5.4")
        } else if self.using != Using::No && version < (5, 2) {
            Some("`using` needs TypeScript 5.2")
        } else {
            None
        }
    }

    /// Where its tsconfig.json is written.
    fn path(&self) -> PathBuf {
        root().join("tests/types/generated").join(self.name()).join("tsconfig.json")
    }

    /// The committed files with what only this format (and resolution) has.
    fn own_files(&self) -> &'static [&'static str] {
        match (self.format, self.resolution) {
            (Format::Esm, _) => &["esm.mts", "proxy.mts", "widget.mts", "tools.mts"],
            (Format::Cjs, "bundler") => &["cjs.cts"],
            (Format::Cjs, _) => &["cjs.cts", "node-require.cts"],
        }
    }

    /// The tsconfig.json, in `generated/<name>/`.
    fn tsconfig(&self) -> String {
        let ext = self.format.extension();
        let mut files: Vec<String> = CONSUMERS.iter().map(|name| format!("../{name}.{ext}")).collect();
        files.extend(self.own_files().iter().map(|file| format!("../../{file}")));
        let mut options = json!({
            "strict": true,
            "skipLibCheck": false,
            "noEmit": true,
            "noUnusedLocals": true,
            "exactOptionalPropertyTypes": true,
            "types": [],
            "target": self.target,
            "module": self.module(),
            "moduleResolution": self.resolution,
        });
        if self.using != Using::No {
            files.push(format!("../disposable.{ext}"));
        }
        if self.using == Using::DisposableLib {
            options["lib"] = json!([self.target, "dom", "esnext.disposable"]);
        }
        format!("{:#}\n", json!({ "compilerOptions": options, "files": files }))
    }
}

/// One TypeScript: where it is and its version.
struct Compiler {
    package: PathBuf,
    version: String,
}

impl Compiler {
    fn find(package: &str) -> Result<Compiler> {
        let dir = root().join("node_modules").join(package);
        let manifest = fs::read_to_string(dir.join("package.json")).map_err(|e| format!("{package}: {e}"))?;
        let version = version_of(&manifest).ok_or_else(|| format!("{package}/package.json has no version"))?;
        Ok(Compiler { package: dir, version })
    }

    /// (major, minor).
    fn release(&self) -> (u32, u32) {
        let mut numbers = self.version.split('.').map(|n| n.parse().unwrap_or(0));
        (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0))
    }

    /// The compiler's JS API (TypeScript 5.x; the native 7.x has none).
    fn api(&self) -> Option<PathBuf> {
        Some(self.package.join("lib/typescript.js")).filter(|api| api.exists())
    }

    /// Checks `configs`: through the JS API in one process when there is
    /// one, else `tsc -p` each. What failed, per config, is tsc's report.
    fn check(&self, configs: &[&TsConfig]) -> Vec<Result<()>> {
        let Some(api) = self.api() else {
            return configs.iter().map(|config| self.tsc(config)).collect();
        };
        let mut cmd = Command::new("node");
        cmd.arg(root().join("tests/types/check-configs.cjs")).arg(api);
        cmd.args(configs.iter().map(|config| config.path()));
        let output = match capture(&mut cmd) {
            Ok(output) => output,
            Err(e) => return configs.iter().map(|_| Err(e.clone())).collect(),
        };
        let stdout = String::from_utf8_lossy(&output.stdout);
        let reports = reports_by_header(&stdout);
        let crashed = String::from_utf8_lossy(&output.stderr);
        configs
            .iter()
            .map(|config| match reports.iter().find(|(path, _)| Path::new(path) == config.path()) {
                Some((_, report)) if report.trim().is_empty() => Ok(()),
                Some((_, report)) => Err(report.trim_end().to_owned()),
                None => Err(format!("not checked: {}", crashed.trim_end())),
            })
            .collect()
    }

    /// `tsc -p` of one config.
    fn tsc(&self, config: &TsConfig) -> Result<()> {
        let output = capture(Command::new("node").arg(self.package.join("bin/tsc")).arg("-p").arg(config.path()))?;
        let report = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        if output.status.success() && report.trim().is_empty() { Ok(()) } else { Err(report.trim_end().to_owned()) }
    }
}

/// The `"version"` of a package.json.
fn version_of(manifest: &str) -> Option<String> {
    let manifest: Value = serde_json::from_str(manifest).ok()?;
    manifest.get("version")?.as_str().map(str::to_owned)
}

/// check-configs.cjs's output split at its `# <tsconfig.json>` lines: (path, report).
fn reports_by_header(output: &str) -> Vec<(&str, String)> {
    let mut reports: Vec<(&str, String)> = Vec::new();
    for line in output.lines() {
        match (line.strip_prefix("# "), reports.last_mut()) {
            (Some(path), _) => reports.push((path, String::new())),
            (None, Some((_, report))) => {
                report.push_str(line);
                report.push('\n');
            }
            (None, None) => {}
        }
    }
    reports
}

/// Writes the configs and the consumer's copies, then checks every (version, config).
pub fn run() -> Tally {
    let started = std::time::Instant::now();
    let (compilers, configs) = match prepare() {
        Ok(prepared) => prepared,
        Err(e) => return Tally::broken(&e),
    };
    // A job is what one process checks: every config of a compiler with a
    // JS API, one config of the others.
    let mut jobs: Vec<(&Compiler, Vec<&TsConfig>)> = Vec::new();
    for compiler in &compilers {
        let mut supported = Vec::new();
        for config in &configs {
            match config.unsupported(compiler.release()) {
                Some(why) => println!("skip - TypeScript {}, {}: {why}", compiler.version, config.name()),
                None => supported.push(config),
            }
        }
        match compiler.api() {
            Some(_) => jobs.push((compiler, supported)),
            None => jobs.extend(supported.into_iter().map(|config| (compiler, vec![config]))),
        }
    }
    let results: Vec<Mutex<Vec<Result<()>>>> = jobs.iter().map(|_| Mutex::new(Vec::new())).collect();
    let next = AtomicUsize::new(0);
    let parallel = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..parallel.min(jobs.len()) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some((compiler, configs)) = jobs.get(index) else { break };
                    *results[index].lock().unwrap_or_else(|e| e.into_inner()) = compiler.check(configs);
                }
            });
        }
    });
    let mut tally = Tally::default();
    for ((compiler, configs), results) in jobs.iter().zip(results) {
        let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
        for (config, result) in configs.iter().zip(results) {
            tally.check(&format!("TypeScript {}, {}", compiler.version, config.name()), result);
        }
    }
    println!("the TypeScript matrix took {:.1} s", started.elapsed().as_secs_f64());
    tally
}

/// The compilers, and the configs written under `tests/types/generated/`.
fn prepare() -> Result<(Vec<Compiler>, Vec<TsConfig>)> {
    let compilers = COMPILERS.iter().map(|p| Compiler::find(p)).collect::<Result<Vec<_>>>()?;
    let types = root().join("tests/types");
    let generated = types.join("generated");
    if generated.exists() {
        fs::remove_dir_all(&generated).map_err(|e| format!("{}: {e}", generated.display()))?;
    }
    for source in CONSUMERS.iter().chain(&["disposable"]) {
        let text = read(&types.join(format!("{source}.ts")))?;
        for format in [Format::Esm, Format::Cjs] {
            write(&generated.join(format!("{source}.{}", format.extension())), &text)?;
        }
    }
    let configs = TsConfig::all();
    for config in &configs {
        write(&config.path(), &config.tsconfig())?;
    }
    Ok((compilers, configs))
}

#[cfg(test)]
mod tests {
    use super::{TsConfig, Using, reports_by_header, version_of};

    #[test]
    fn only_the_disposable_configs_name_a_lib_and_all_are_strict() {
        let configs = TsConfig::all();
        assert_eq!(configs.len(), 16);
        for config in configs {
            let tsconfig = config.tsconfig();
            assert_eq!(tsconfig.contains("\"lib\""), config.using == Using::DisposableLib, "{tsconfig}");
            assert_eq!(
                tsconfig.contains("disposable.mts") || tsconfig.contains("disposable.cts"),
                config.using != Using::No
            );
            assert!(tsconfig.contains("\"strict\": true") && tsconfig.contains("\"skipLibCheck\": false"));
        }
    }

    #[test]
    fn a_config_waits_for_the_typescript_that_has_what_it_uses() {
        let configs = TsConfig::all();
        let named = |name: &str| configs.iter().find(|c| c.name() == name).unwrap();
        assert!(named("es2020-bundler-cjs").unsupported((5, 0)).is_some());
        assert!(named("es2020-bundler-cjs").unsupported((5, 4)).is_none());
        assert!(named("es2022-nodenext-esm-disposable").unsupported((5, 0)).is_some());
        assert!(named("es2022-nodenext-esm-disposable").unsupported((7, 0)).is_none());
        assert!(named("es2022-nodenext-cjs-using").unsupported((5, 0)).is_some());
        assert!(named("es2022-nodenext-cjs-using").unsupported((5, 2)).is_none());
        assert!(named("es2020-node16-cjs").unsupported((5, 0)).is_none());
    }

    #[test]
    fn reads_versions_and_reports() {
        assert_eq!(version_of("{\n  \"name\": \"typescript\",\n  \"version\": \"5.0.4\"\n}"), Some("5.0.4".into()));
        assert_eq!(version_of("{\"name\": \"typescript\"}"), None);
        let output = "# /a/tsconfig.json\n# /b/tsconfig.json\nb.mts(1,1): error TS1: no\n";
        assert_eq!(
            reports_by_header(output),
            [("/a/tsconfig.json", String::new()), ("/b/tsconfig.json", "b.mts(1,1): error TS1: no\n".to_owned())]
        );
    }
}
