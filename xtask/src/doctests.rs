//! The Rust crate's documentation examples, compiled and run against a
//! simulator of their own (its rate limits fresh, as a new user's would be):
//! the crate docs' doctests, and the README's Rust example, which is the
//! program `examples/quickstart/` (the README shows its `main.rs` as it is,
//! without rustdoc's hidden lines); and every Rust block of `docs/*.md`,
//! compiled as a program of its own outside the repository with the
//! dependencies its document lists (the `toml` block right before it).

use crate::example::own_workspace_cargo;
use crate::files::{read, write};
use crate::markdown::{every_fenced_block, fenced_blocks};
use crate::shell::{self, Result, cargo, root};
use crate::sim::SimulatorProcess;
use crate::tally::Tally;
use crate::test_command::cargo_test_tally;
use std::fs;
use std::path::{Path, PathBuf};

/// How a document names this repository's crates as dependencies (as a program outside it would).
const GIT: &str = r#"git = "https://github.com/magisterium-a2a/magisterium-a2a""#;

/// The README's Rust example as a program.
const QUICKSTART: &str = "examples/quickstart";

/// `cargo test --doc` of the library with `MAGISTERIUM_ENDPOINT` set to a
/// fresh simulator; then the README's example, checked and run.
pub fn run() -> Tally {
    let mut tally = match SimulatorProcess::start(&[]) {
        Ok(sim) => {
            let mut cmd = cargo();
            cmd.args(["test", "-p", "magisterium-a2a", "--doc"]).env("MAGISTERIUM_ENDPOINT", sim.endpoint());
            cargo_test_tally(&mut cmd)
        }
        Err(e) => Tally::broken(&e),
    };
    tally.check("README.md's Rust example is examples/quickstart/src/main.rs, as it is", readme_shows_quickstart());
    tally.check("examples/quickstart runs against a fresh simulator with the demo token", quickstart_runs());
    match doc_examples() {
        Ok(examples) => {
            for example in examples {
                let what = format!(
                    "{}'s Rust block {} compiles with the dependencies listed before it",
                    example.doc, example.index
                );
                tally.check(&what, example.compiles());
            }
        }
        Err(e) => tally.check("the Rust blocks of docs/*.md", Err(e)),
    }
    tally
}

/// A Rust block of a document and the dependencies the document lists for it.
#[derive(Debug)]
struct DocExample {
    /// `docs/agents.md`.
    doc: String,
    /// Its place among the document's Rust blocks, from 1.
    index: usize,
    /// The `toml` block right before it: `[dependencies]`, as a user copies it.
    dependencies: String,
    /// The program (`src/main.rs`).
    program: String,
}

/// Every Rust block of `docs/*.md`, each with the `toml` block before it; an
/// error names a block without one.
fn doc_examples() -> Result<Vec<DocExample>> {
    let dir = root().join("docs");
    let mut docs: Vec<PathBuf> = fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    let mut examples = Vec::new();
    for path in docs {
        let doc = format!("docs/{}", path.file_name().unwrap_or_default().to_string_lossy());
        examples.extend(examples_of(&doc, &read(&path)?)?);
    }
    Ok(examples)
}

/// The Rust blocks of the document `doc` (its text `markdown`), each with its dependencies.
fn examples_of(doc: &str, markdown: &str) -> Result<Vec<DocExample>> {
    let blocks = every_fenced_block(markdown);
    let mut examples = Vec::new();
    for (at, (language, program)) in blocks.iter().enumerate() {
        if language != "rust" {
            continue;
        }
        let index = examples.len() + 1;
        let before = at.checked_sub(1).and_then(|before| blocks.get(before));
        let Some((_, dependencies)) = before.filter(|(lang, text)| lang == "toml" && text.contains("[dependencies]"))
        else {
            return Err(format!(
                "{doc}'s Rust block {index} has no ```toml block of its [dependencies] right before it"
            ));
        };
        examples.push(DocExample {
            doc: doc.to_owned(),
            index,
            dependencies: dependencies.clone(),
            program: program.clone(),
        });
    }
    Ok(examples)
}

impl DocExample {
    /// The program's `Cargo.toml`: the dependencies as listed, this
    /// repository's crates from the working tree instead of git.
    fn manifest(&self, root: &Path) -> String {
        let local = |line: &str, dir: &Path| line.replace(GIT, &format!("path = '{}'", dir.display()));
        let dependencies: Vec<String> = self
            .dependencies
            .lines()
            .map(|line| match line.split_whitespace().next() {
                Some("magisterium-a2a") => local(line, root),
                Some("magisterium-sim") => local(line, &root.join("simulator")),
                _ => line.to_owned(),
            })
            .collect();
        format!(
            "[package]\nname = \"doc-example\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n{}\n\n[workspace]\n",
            dependencies.join("\n")
        )
    }

    /// `cargo check` of the program in a folder of its own outside the repository (removed afterwards).
    fn compiles(&self) -> Result<()> {
        let name = format!(
            "magisterium-doc-example-{}-{}-{}",
            std::process::id(),
            self.doc.replace(['/', '.'], "-"),
            self.index
        );
        let dir = std::env::temp_dir().join(name);
        if dir.starts_with(root()) {
            return Err(format!("{} is inside the repository: set TMPDIR elsewhere", dir.display()));
        }
        write(&dir.join("Cargo.toml"), &self.manifest(&root()))?;
        write(&dir.join("src/main.rs"), &self.program)?;
        let checked = own_workspace_cargo(&dir, "check").and_then(|mut check| shell::run(&mut check));
        let _ = fs::remove_dir_all(&dir);
        checked
    }
}

/// The quickstart's folder.
pub fn quickstart_dir() -> PathBuf {
    root().join(QUICKSTART)
}

/// README.md has one Rust block, equal to the quickstart's `main.rs`.
fn readme_shows_quickstart() -> Result<()> {
    let main = read(&quickstart_dir().join("src/main.rs"))?;
    match fenced_blocks(&read(&root().join("README.md"))?, "rust").as_slice() {
        [shown] if *shown == main => Ok(()),
        [_] => Err("README.md's Rust block differs from examples/quickstart/src/main.rs: copy the file into it".into()),
        blocks => Err(format!("README.md has {} Rust blocks, not one", blocks.len())),
    }
}

/// `cargo run` of the quickstart against its own simulator (fresh limits: it
/// asks two questions, the demo token's limit per minute).
fn quickstart_runs() -> Result<()> {
    let sim = SimulatorProcess::start(&[])?;
    let mut run = own_workspace_cargo(&quickstart_dir(), "run")?;
    shell::run(run.arg("--quiet").env("MAGISTERIUM_ENDPOINT", sim.endpoint()).env("MAGISTERIUM_TOKEN", "demo-token"))
}

#[cfg(test)]
mod tests {
    use super::readme_shows_quickstart;

    #[test]
    fn the_readme_shows_the_quickstart_as_it_is() {
        readme_shows_quickstart().unwrap();
    }

    #[test]
    fn each_rust_block_of_the_docs_lists_its_dependencies() {
        let examples = super::doc_examples().unwrap();
        assert!(examples.iter().any(|e| e.doc == "docs/agents.md"), "{examples:?}");
        let md = "```toml\n[dependencies]\nmagisterium-a2a = { git = \"https://github.com/magisterium-a2a/magisterium-a2a\" }\n```\n\n```rust\nfn main() {}\n```\n";
        let found = super::examples_of("docs/x.md", md).unwrap();
        let manifest = found[0].manifest(std::path::Path::new("/repo"));
        assert!(manifest.contains("magisterium-a2a = { path = '/repo' }"), "{manifest}");
        let unlisted = super::examples_of("docs/x.md", "```rust\nfn main() {}\n```\n").unwrap_err();
        assert!(unlisted.contains("docs/x.md's Rust block 1 has no"), "{unlisted}");
    }
}
