//! Short import and export names for every build: wasm-bindgen names every
//! import like `__wbg_addEventListener_f2d27251d333a631`, which the `.wasm`
//! and its glue both carry. binaryen renames them in the module
//! (`--minify-imports-and-exports-and-modules`) and prints the mapping; this
//! applies the same mapping to the glue.

use crate::shell::Result;
use serde::Deserialize;

/// The renames binaryen printed: JSON, `{"imports": [["module", "old", "new"], …],
/// "exports": [["old", "new"], …]}`.
#[derive(Debug, Deserialize)]
pub struct Mapping {
    /// (module, old import name, new import name).
    imports: Vec<(String, String, String)>,
    /// (old export name, new export name).
    exports: Vec<(String, String)>,
}

/// The binaryen flag that minifies names and prints the mapping.
pub const FLAG: &str = "--minify-imports-and-exports-and-modules";

/// Reads binaryen's mapping (what `wasm-opt` printed with [`FLAG`]).
pub fn parse(printed: &str) -> Result<Mapping> {
    let mapping: Mapping =
        serde_json::from_str(printed).map_err(|e| format!("binaryen's name mapping is not the JSON expected: {e}"))?;
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
        let main = self.main_module(&out)?;
        // Functions wasm-bindgen imports straight from a snippet module become
        // members of the main import object, as binaryen merged every module into one.
        let mut moved = String::new();
        for (module, old, new) in self.imports.iter().filter(|(module, _, _)| module != &main) {
            let namespace = namespace_of(&out, module)?;
            moved.push_str(&format!("\n        {new}: {namespace}.{old},"));
        }
        const OPEN: &str = "const import0 = {\n        __proto__: null,";
        if !moved.is_empty() {
            if !out.contains(OPEN) {
                return Err("the glue's import0 object has another shape".into());
            }
            out = out.replacen(OPEN, &format!("{OPEN}{moved}"), 1);
        }
        let mut kept = String::with_capacity(out.len());
        for line in out.split_inclusive('\n') {
            let key = line.trim_start().strip_prefix('"').and_then(|rest| rest.split_once("\": import"));
            match key {
                Some((module, _)) if module == main => {
                    kept.push_str(&line.replacen(&format!("\"{module}\""), "\"a\"", 1))
                }
                Some(_) => {}
                None => kept.push_str(line),
            }
        }
        out = kept;
        if let Some((_, old, _)) = self.imports.iter().find(|(_, old, _)| out.contains(&format!("{old}:"))) {
            return Err(format!("the glue still names the import {old}"));
        }
        Ok(out)
    }
}

impl Mapping {
    /// The module of the glue's `import0` object, which binaryen's one module replaces.
    fn main_module(&self, glue: &str) -> Result<String> {
        let line = glue
            .lines()
            .find(|line| line.trim_end().ends_with("\": import0,"))
            .ok_or("the glue has no import0 module")?;
        Ok(line.trim().trim_end_matches("\": import0,").trim_start_matches('"').to_owned())
    }
}

/// The `importN` namespace the glue binds to `module`.
fn namespace_of(glue: &str, module: &str) -> Result<String> {
    let prefix = format!("\"{module}\": ");
    let line = glue
        .lines()
        .map(str::trim)
        .find(|line| line.starts_with(&prefix))
        .ok_or_else(|| format!("the glue does not bind {module}"))?;
    Ok(line[prefix.len()..].trim_end_matches(',').to_owned())
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
  ["./m_bg.js", "__wbg_now_463a_x", "b"],
  ["./snippets/s.js", "make", "c"]
 ],
"exports": [
  ["memory", "c"],
  ["client_ask", "d"]
 ]
}"#;

    #[test]
    fn renames_imports_exports_and_modules_in_the_glue() {
        let mapping = parse(PRINTED).unwrap();
        let glue = "import * as import1 from \"./snippets/s.js\"\n\
                    const import0 = {\n        __proto__: null,\n        __wbg_now_463a: function() {},\n        __wbg_now_463a_x: function() {},\n};\n\
                    wasm.memory.buffer; wasm.client_ask(1); wasm.client_ask_more; x.memory;\n\
                    return {\n        \"./m_bg.js\": import0,\n        \"./snippets/s.js\": import1,\n};";
        let out = mapping.apply(glue).unwrap();
        assert_eq!(
            out,
            "import * as import1 from \"./snippets/s.js\"\n\
             const import0 = {\n        __proto__: null,\n        c: import1.make,\n        a: function() {},\n        b: function() {},\n};\n\
             wasm.c.buffer; wasm.d(1); wasm.client_ask_more; x.memory;\n\
             return {\n        \"a\": import0,\n};"
        );
    }

    #[test]
    fn an_empty_or_unexpected_mapping_is_an_error() {
        assert!(parse("{}").is_err());
        assert!(parse(r#"{"imports": [], "exports": []}"#).is_err());
        assert!(parse(r#"{"imports": [["a", "b"]], "exports": [["c", "d"]]}"#).is_err(), "an import names its module");
        assert!(parse("renamed 3 imports").is_err());
    }
}
