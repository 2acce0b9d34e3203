//! Short import and export names for the web and node builds: wasm-bindgen
//! names every import like `__wbg_addEventListener_f2d27251d333a631`, which
//! the `.wasm` and its glue both carry. binaryen renames them in the module
//! (`--minify-imports-and-exports-and-modules`) and prints the mapping; this
//! applies the same mapping to the glue. The bundler build keeps its names:
//! there the bundler links the module's imports to the glue's exports.

use crate::shell::Result;

/// The renames binaryen printed.
#[derive(Debug, Default, PartialEq)]
pub struct Mapping {
    /// (module, old import name, new import name).
    imports: Vec<(String, String, String)>,
    /// (old export name, new export name).
    exports: Vec<(String, String)>,
}

/// The binaryen flag that minifies names and prints the mapping.
pub const FLAG: &str = "--minify-imports-and-exports-and-modules";

/// Reads binaryen's mapping: JSON lines `["module", "old", "new"]` under
/// `"imports"` and `["old", "new"]` under `"exports"`.
pub fn parse(printed: &str) -> Result<Mapping> {
    let mut mapping = Mapping::default();
    for line in printed.lines() {
        let quoted: Vec<String> = line.split('"').skip(1).step_by(2).map(str::to_owned).collect();
        match quoted.as_slice() {
            [module, old, new] => mapping.imports.push((module.clone(), old.clone(), new.clone())),
            [old, new] => mapping.exports.push((old.clone(), new.clone())),
            _ => {}
        }
    }
    if mapping.imports.is_empty() || mapping.exports.is_empty() {
        return Err("binaryen printed no name mapping".into());
    }
    Ok(mapping)
}

impl Mapping {
    /// The glue with every renamed import key, import module and `wasm.` export access rewritten.
    pub fn apply(&self, glue: &str) -> Result<String> {
        let mut out = glue.to_owned();
        for (_, old, new) in &self.imports {
            out = replace_word(&out, &format!("{old}:"), &format!("{new}:"));
        }
        for (old, new) in &self.exports {
            out = replace_word(&out, &format!("wasm.{old}"), &format!("wasm.{new}"));
        }
        let modules: std::collections::BTreeSet<&str> = self.imports.iter().map(|(m, _, _)| m.as_str()).collect();
        if modules.len() != 1 {
            return Err(format!("expected one import module, found {modules:?}"));
        }
        let minified_module = "a";
        for module in modules {
            out = out.replace(&format!("\"{module}\":"), &format!("\"{minified_module}\":"));
        }
        if let Some((_, old, _)) = self.imports.iter().find(|(_, old, _)| out.contains(&format!("{old}:"))) {
            return Err(format!("the glue still names the import {old}"));
        }
        Ok(out)
    }
}

/// `text` with every `from` that is not part of a longer identifier replaced by `to`.
fn replace_word(text: &str, from: &str, to: &str) -> String {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let before_ok = rest[..at].chars().next_back().is_none_or(|c| !is_ident(c) || from.starts_with("wasm."));
        let after = &rest[at + from.len()..];
        let after_ok = after.chars().next().is_none_or(|c| !is_ident(c));
        out.push_str(&rest[..at]);
        out.push_str(if before_ok && after_ok { to } else { from });
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRINTED: &str = r#"{
 "imports": [
  ["./m_bg.js", "__wbg_now_463a", "a"],
  ["./m_bg.js", "__wbg_now_463a_x", "b"]
 ],
"exports": [
  ["memory", "c"],
  ["client_ask", "d"]
 ]
}"#;

    #[test]
    fn renames_imports_exports_and_the_module_in_the_glue() {
        let mapping = parse(PRINTED).unwrap();
        let glue = "const i = { __wbg_now_463a: function() {}, __wbg_now_463a_x: function() {} };\n\
                    wasm.memory.buffer; wasm.client_ask(1); wasm.client_ask_more; x.memory;\n\
                    return { \"./m_bg.js\": i };";
        let out = mapping.apply(glue).unwrap();
        assert_eq!(
            out,
            "const i = { a: function() {}, b: function() {} };\n\
             wasm.c.buffer; wasm.d(1); wasm.client_ask_more; x.memory;\n\
             return { \"a\": i };"
        );
    }

    #[test]
    fn an_empty_mapping_is_an_error() {
        assert!(parse("{}").is_err());
    }
}
