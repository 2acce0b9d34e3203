//! The documentation's code is executed: every ```js block of the README, of
//! the npm README and of `docs/*.md` runs in Node against the simulator alone
//! (its test agent at `/agent` serves the `A2AClient` examples: no fixture
//! agent of the repository), and every ```sh block of README.md and
//! `docs/*.md` as a reader's session ([`doc_commands`]), importing the
//! installed package, so the docs never drift. The examples of a saved sign-in find one:
//! `npx magisterium-a2a login` at the simulator first, into a configuration
//! folder of their own (never the developer's). A block is an ES module, or CommonJS when its first line
//! is the comment `// CommonJS`. The quickstart also runs as a TypeScript
//! project compiling to CommonJS would have it ([`commonjs_typescript`]).

use crate::doc_commands;
use crate::files::write;
use crate::markdown;
use crate::shell::{root, tee};
use crate::sim::SimulatorProcess;
use crate::tally::Tally;
use std::path::Path;
use std::process::Command;

/// The README of the package `magisterium-a2a-simulator`.
const SIMULATOR_README: &str = "pkg-template/simulator/README.md";

/// The file extension that makes Node run `block` as it is written: `cjs` for
/// a block that starts with `// CommonJS`, else `mjs`.
fn extension(block: &str) -> &'static str {
    if block.starts_with("// CommonJS") { "cjs" } else { "mjs" }
}

/// The Markdown files whose examples run: the READMEs (each must have one) and `docs/*.md`.
fn documents() -> Result<Vec<(String, bool)>, String> {
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .map_err(|e| format!("docs/: {e}"))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    let readmes = ["README.md", "pkg/README.md"].map(|readme| (readme.to_owned(), true));
    Ok(readmes.into_iter().chain(docs.into_iter().map(|doc| (doc, false))).collect())
}

/// Runs every ```js block of `README.md`, `pkg/README.md` and `docs/*.md`.
pub fn run(sim: &SimulatorProcess) -> Tally {
    let dir = root().join("tests/readme-examples");
    let mut tally = Tally::default();
    if let Err(e) = std::fs::create_dir_all(&dir) {
        return Tally::broken(&e.to_string());
    }
    let documents = match documents() {
        Ok(documents) => documents,
        Err(e) => return Tally::broken(&e),
    };
    let config = dir.join("config");
    if let Err(e) = login(sim, &config) {
        return Tally::broken(&format!("`npx magisterium-a2a login` at the simulator: {e}"));
    }
    let mut quickstart = String::new();
    for (readme, needs_examples) in &documents {
        let readme = readme.as_str();
        let text = match std::fs::read_to_string(root().join(readme)) {
            Ok(text) => text,
            Err(e) => return Tally::broken(&format!("{readme}: {e}")),
        };
        let blocks = markdown::fenced_blocks(&text, "js");
        if blocks.is_empty() && *needs_examples {
            return Tally::broken(&format!("{readme} has no js example"));
        }
        if readme == "README.md"
            && let Some(quickstart) = blocks.first()
        {
            let ran = commonjs_typescript(quickstart, &dir.join("commonjs-typescript"), sim);
            tally.check("README.md's quickstart in a TypeScript project compiled to CommonJS: tsc, then node", ran);
            let ran = twice_as_started(quickstart, &dir.join("quickstart.mjs"));
            tally.check("README.md's quickstart twice in a row against a simulator started as the README says", ran);
        }
        if readme == "README.md" {
            quickstart = blocks.first().cloned().unwrap_or_default();
        }
        for (index, block) in blocks.iter().enumerate() {
            let file = dir.join(format!("{}-{}.{}", readme.replace(['/', '.'], "_"), index + 1, extension(block)));
            let ran = std::fs::write(&file, block).map_err(|e| e.to_string()).and_then(|()| {
                tee(Command::new("node")
                    .arg(&file)
                    .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
                    .env("MAGISTERIUM_TOKEN", "demo-token")
                    .env("XDG_CONFIG_HOME", &config))
            });
            let ran =
                ran.and_then(|(success, _)| if success { Ok(()) } else { Err("node exited with an error".into()) });
            tally.check(&format!("{readme} example {}", index + 1), ran);
        }
    }
    let mut names: Vec<String> =
        documents.into_iter().map(|(name, _)| name).filter(|name| !name.starts_with("pkg/")).collect();
    // The simulator package's README is its template as it is (no js block: its commands only).
    names.push(SIMULATOR_README.to_owned());
    let sessions = doc_commands::run(&names, &quickstart, &dir.join("sessions"));
    tally.passed += sessions.passed;
    tally.failed += sessions.failed;
    tally
}

/// Runs `quickstart` (saved as `file`) twice in a row with `demo-token`
/// against a simulator of its own started with no flag, as the README
/// starts it: a reader who runs the example again within the minute gets
/// the same answers, not a rate limit.
fn twice_as_started(quickstart: &str, file: &Path) -> Result<(), String> {
    let sim = SimulatorProcess::start(&[])?;
    write(file, quickstart)?;
    for run in ["first", "second"] {
        let (ran, _) = tee(Command::new("node")
            .arg(file)
            .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
            .env("MAGISTERIUM_TOKEN", "demo-token"))?;
        if !ran {
            return Err(format!("the {run} run exited with an error"));
        }
    }
    Ok(())
}

/// README's quickstart as a TypeScript project that compiles to CommonJS has
/// it (`module` and `moduleResolution` `node16`, no `"type": "module"`), in
/// the fresh folder `project`: compiled by `tsc` (strict), then run by Node
/// against `sim`. Its `import` lines stay on top; the rest goes into an
/// `async function`, CommonJS having no top-level `await`.
fn commonjs_typescript(quickstart: &str, project: &Path, sim: &SimulatorProcess) -> Result<(), String> {
    if project.exists() {
        std::fs::remove_dir_all(project).map_err(|e| format!("{}: {e}", project.display()))?;
    }
    let (imports, body): (Vec<&str>, Vec<&str>) = quickstart.lines().partition(|line| line.starts_with("import "));
    let body: String = body.iter().map(|line| format!("  {line}\n")).collect();
    let source = format!(
        "{}\n\nasync function main(): Promise<void> {{\n{body}}}\n\nmain().catch((error) => {{\n  console.error(error);\n  process.exitCode = 1;\n}});\n",
        imports.join("\n")
    );
    write(&project.join("quickstart.ts"), &source)?;
    // What the quickstart uses of Node's globals (a project would have `@types/node`).
    write(
        &project.join("node.d.ts"),
        "declare const process: { env: Record<string, string | undefined>; exitCode?: number };\n",
    )?;
    write(&project.join("package.json"), "{ \"private\": true }\n")?;
    let tsconfig = r#"{ "compilerOptions": { "module": "node16", "moduleResolution": "node16", "target": "es2022", "lib": ["es2022", "dom"], "types": [], "strict": true, "outDir": "out" }, "files": ["quickstart.ts", "node.d.ts"] }"#;
    write(&project.join("tsconfig.json"), tsconfig)?;
    let (compiled, _) =
        tee(Command::new("node").arg(root().join("node_modules/typescript/bin/tsc")).arg("-p").arg(project))?;
    if !compiled {
        return Err("tsc refused the quickstart".into());
    }
    let (ran, _) = tee(Command::new("node")
        .arg(project.join("out/quickstart.js"))
        .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
        .env("MAGISTERIUM_TOKEN", "demo-token"))?;
    if ran { Ok(()) } else { Err("node exited with an error".into()) }
}

/// Signs in at `sim` with the package's command line into the fresh
/// configuration folder `config` (`tests/login-to-simulator.mjs` answers the
/// consent page).
fn login(sim: &SimulatorProcess, config: &Path) -> Result<(), String> {
    if config.exists() {
        std::fs::remove_dir_all(config).map_err(|e| format!("{}: {e}", config.display()))?;
    }
    let (success, _) = tee(Command::new("node")
        .arg(root().join("tests/login-to-simulator.mjs"))
        .env("MAGISTERIUM_ISSUER", &sim.url)
        .env("XDG_CONFIG_HOME", config))?;
    if success { Ok(()) } else { Err("it failed".into()) }
}

#[cfg(test)]
mod tests {
    use super::extension;

    #[test]
    fn a_block_marked_commonjs_runs_as_commonjs() {
        assert_eq!(extension("// CommonJS\nconst x = require(\"x\");\n"), "cjs");
        assert_eq!(extension("import x from \"x\";\n// CommonJS is not this\n"), "mjs");
    }
}
