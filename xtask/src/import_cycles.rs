//! No import cycles: in every crate we own, no module refers (by a `use` or
//! a path) to a module that refers back to it, directly or through others;
//! nor does any JS module of the package (`npm/js`, `auth/`, `proxy/`,
//! `bin/`) import one that imports it back.
//! A module declaring a child (`mod x;`, `mod tests { … }`) is not a
//! reference; a child using what its parent defines, while the parent uses
//! the child, is. So a unit test module may use anything: nothing uses it.

mod graph;
mod js;
mod modules;

use crate::setup;
use crate::shell::{Result, root};
use modules::Crate;

/// The root files of the crates we own (relative to the repository root).
const CRATE_ROOTS: [&str; 8] = [
    "src/lib.rs",
    "npm/src/lib.rs",
    "simulator/src/lib.rs",
    "simulator/src/main.rs",
    "simulator/wasm/src/lib.rs",
    "xtask/src/main.rs",
    "tests/client.rs",
    "tests/browser.rs",
];

/// Reads every crate we own and the package's JS modules; fails naming each cycle found.
pub fn check() -> Result<()> {
    let root = root();
    let mut found = Vec::new();
    for crate_root in CRATE_ROOTS {
        let krate = Crate::read(&root.join(crate_root), &|path| std::fs::read_to_string(path).ok())?;
        found.extend(krate.graph(&root).cycles());
    }
    setup::npm_tools()?;
    found.extend(js::graph(&root, &js::FOLDERS, &root.join("target/import-cycles"))?.cycles());
    if found.is_empty() { Ok(()) } else { Err(format!("import cycles:\n  {}", found.join("\n  "))) }
}

#[cfg(test)]
mod tests {
    use super::Crate;
    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};

    /// A crate made of `files` (path → text), rooted at `src/lib.rs`.
    fn read(files: &[(&str, &str)]) -> Crate {
        let files: BTreeMap<PathBuf, String> = files.iter().map(|(p, t)| (PathBuf::from(p), t.to_string())).collect();
        Crate::read(Path::new("src/lib.rs"), &|path| files.get(path).cloned()).unwrap()
    }

    /// The cycles of a crate, described with its file names.
    fn found(files: &[(&str, &str)]) -> Vec<String> {
        read(files).graph(Path::new("")).cycles()
    }

    #[test]
    fn a_suite_list_its_suites_import_back_is_a_cycle() {
        // The shape xtask had: test.rs runs every suite, each suite takes `Outcome` from test.rs.
        let files = [
            ("src/lib.rs", "mod test;\nmod browser;\nmod shell;\n"),
            ("src/test.rs", "use crate::browser;\npub struct Outcome;\npub fn run() { browser::run(); }\n"),
            (
                "src/browser.rs",
                "use crate::shell::cargo;\nuse crate::test::{Outcome, cargo_outcome};\npub fn run() {}\n",
            ),
            ("src/shell.rs", "pub fn cargo() {}\n"),
        ];
        assert_eq!(found(&files), ["src/test.rs:3 browser::run → src/browser.rs:2 crate::test::Outcome → src/test.rs"]);
    }

    #[test]
    fn a_shared_module_both_depend_on_is_no_cycle() {
        let files = [
            ("src/lib.rs", "mod test;\nmod browser;\nmod tally;\n"),
            ("src/test.rs", "use crate::{browser, tally::Tally};\npub fn run() -> Tally { browser::run() }\n"),
            ("src/browser.rs", "use crate::tally::Tally;\npub fn run() -> Tally { Tally }\n"),
            (
                "src/tally.rs",
                "/// Not `crate::test::x`: a comment.\npub struct Tally;\nconst S: &str = \"crate::test::run\";\n",
            ),
        ];
        assert!(found(&files).is_empty(), "{:?}", found(&files));
    }

    #[test]
    fn longer_cycles_paths_in_code_and_super_count() {
        let files = [
            ("src/lib.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
            ("src/a.rs", "pub fn f() { crate::b::g() }\n"),
            ("src/b.rs", "use super::c;\npub fn g() { c::h() }\n"),
            ("src/c.rs", "pub fn h() { super::a::f() }\n"),
        ];
        assert_eq!(found(&files), ["src/a.rs:1 crate::b::g → src/b.rs:2 c::h → src/c.rs:1 super::a::f → src/a.rs"]);
    }

    #[test]
    fn a_parent_and_a_child_using_each_other_is_a_cycle_declaring_it_is_not() {
        let only_declared = [
            ("src/lib.rs", "mod outer;\n"),
            ("src/outer.rs", "mod inner;\npub struct Shared;\n#[cfg(test)]\nmod tests { use super::*; }\n"),
            ("src/outer/inner.rs", "use super::Shared;\n"),
        ];
        assert!(found(&only_declared).is_empty());
        let used_both_ways = [
            ("src/lib.rs", "mod outer;\n"),
            ("src/outer.rs", "mod inner;\npub use inner::Helper;\npub struct Shared;\n"),
            ("src/outer/inner.rs", "use super::Shared;\npub struct Helper;\n"),
        ];
        assert_eq!(
            found(&used_both_ways),
            ["src/outer.rs:2 inner::Helper → src/outer/inner.rs:1 super::Shared → src/outer.rs"]
        );
    }

    #[test]
    fn re_exports_lead_to_the_defining_module() {
        // `core/mod.rs` re-exports from `error`; `retry` uses the re-export, `mod.rs` uses `retry`:
        // `retry` depends on `error`, not on `mod.rs`, so there is no cycle.
        let files = [
            ("src/lib.rs", "pub mod core;\npub use crate::core::Error;\n"),
            (
                "src/core/mod.rs",
                "pub mod error;\npub mod retry;\npub use error::Error;\npub use self::retry::Policy;\n",
            ),
            ("src/core/error.rs", "pub struct Error;\n"),
            ("src/core/retry.rs", "use crate::Error;\nuse super::Error as E;\npub struct Policy;\n"),
        ];
        let krate = read(&files);
        assert!(krate.graph(Path::new("")).cycles().is_empty());
        let base = Path::new("");
        let names: Vec<String> = krate
            .edges
            .iter()
            .map(|((from, to), r)| format!("{} → {} ({})", krate.name(*from, base), krate.name(*to, base), r.path))
            .collect();
        assert_eq!(
            names,
            [
                "src/lib.rs → src/core/error.rs (crate::core::Error)",
                "src/core/mod.rs → src/core/error.rs (error::Error)",
                "src/core/mod.rs → src/core/retry.rs (self::retry::Policy)",
                "src/core/retry.rs → src/core/error.rs (crate::Error)",
            ]
        );
    }

    #[test]
    fn glob_imports_inline_modules_and_mod_rs_folders_are_followed() {
        let files = [
            ("src/lib.rs", "mod skills;\nmod state;\n"),
            ("src/skills/mod.rs", "mod qa;\npub use qa::*;\npub(crate) enum Outcome { A }\n"),
            ("src/skills/qa.rs", "pub fn answer() -> crate::state::nested::State { todo!() }\n"),
            ("src/state.rs", "pub mod nested {\n    pub struct State;\n    fn f() { crate::skills::answer(); }\n}\n"),
        ];
        assert_eq!(
            found(&files),
            [
                "src/state.rs::nested:3 crate::skills::answer → src/skills/qa.rs:1 crate::state::nested::State → src/state.rs::nested"
            ]
        );
    }

    #[test]
    fn a_unit_test_module_may_use_what_uses_its_parent() {
        let test_only = [
            ("src/lib.rs", "mod core;\nmod url_parser;\n"),
            ("src/core.rs", "pub struct UrlParts;\n#[cfg(test)]\nmod tests {\n    use crate::url_parser::parse;\n}\n"),
            ("src/url_parser.rs", "use crate::core::UrlParts;\npub fn parse() -> UrlParts { UrlParts }\n"),
        ];
        assert!(found(&test_only).is_empty());
        let mut outside_the_tests = test_only;
        outside_the_tests[1].1 = "pub struct UrlParts;\npub fn check() { crate::url_parser::parse(); }\n";
        assert_eq!(
            found(&outside_the_tests),
            ["src/core.rs:2 crate::url_parser::parse → src/url_parser.rs:1 crate::core::UrlParts → src/core.rs"]
        );
    }

    #[test]
    fn paths_in_macro_arguments_count_not_macro_rules_variables() {
        let files = [
            ("src/lib.rs", "mod a;\nmod b;\n"),
            ("src/a.rs", "pub fn f() { println!(\"{}\", crate::b::g()); }\n"),
            (
                "src/b.rs",
                "macro_rules! m { ($x:ident) => { $crate::a::f() }; }\npub fn g() -> u8 { assert!(vec![super::a::f()].len() > 0); 1 }\n",
            ),
        ];
        assert_eq!(found(&files), ["src/a.rs:1 crate::b::g → src/b.rs:2 super::a::f → src/a.rs"]);
    }

    #[test]
    fn this_crate_is_read_and_has_no_cycles() {
        let root = crate::shell::root();
        let krate = Crate::read(&root.join("xtask/src/main.rs"), &|path| std::fs::read_to_string(path).ok()).unwrap();
        let graph = krate.graph(&root);
        let index =
            |name: &str| graph.names.iter().position(|n| n == name).unwrap_or_else(|| panic!("{name} not read"));
        let edge = &graph.edges[&(index("xtask/src/import_cycles.rs"), index("xtask/src/import_cycles/modules.rs"))];
        assert_eq!(edge.path, "modules::Crate");
        assert_eq!(graph.cycles(), Vec::<String>::new());
    }

    #[test]
    fn an_undeclared_file_is_an_error() {
        let files: BTreeMap<PathBuf, String> = [(PathBuf::from("src/lib.rs"), "mod gone;\n".to_string())].into();
        let error = Crate::read(Path::new("src/lib.rs"), &|path| files.get(path).cloned()).err().unwrap();
        assert!(error.contains("src/gone.rs"), "{error}");
    }
}
