//! The Node build loads the web build's `.wasm` files: wasm-bindgen's
//! `--target nodejs` and `--target web` bindings of one module differ only in
//! their glue once binaryen has renamed the module the imports come from
//! (`build::bind`), so the package holds each `.wasm` once, in `web/`, and
//! the Node build's glue reads it from there. The bytes are compared at each
//! build: a wasm-bindgen that binds the targets differently fails the build
//! instead of shipping a module its glue does not fit.

use crate::files::{read, write};
use crate::shell::Result;
use std::fs;
use std::path::Path;

/// In the Node build `out`: for each `(folder, stem)` (the folder under `out`
/// of the glue `<stem>.js`), checks that its `<stem>_bg.wasm` is the web
/// build's (`web/<stem>_bg.wasm`, beside `out`), points the glue at that one
/// and removes its own.
pub fn share(out: &Path, modules: &[(&str, &str)]) -> Result<()> {
    let web = out.parent().ok_or("the Node build has no parent folder")?.join("web");
    for (folder, stem) in modules {
        let dir = out.join(folder);
        let file = format!("{stem}_bg.wasm");
        let (own, shared) = (dir.join(&file), web.join(&file));
        let bytes = |path: &Path| fs::read(path).map_err(|e| format!("{}: {e}", path.display()));
        if bytes(&own)? != bytes(&shared)? {
            return Err(format!(
                "the Node build's {file} differs from the web build's: the Node build cannot load that one"
            ));
        }
        let glue = dir.join(format!("{stem}.js"));
        let up = "../".repeat(1 + Path::new(folder).components().count());
        write(&glue, &pointed(&read(&glue)?, &file, &format!("{up}web/{file}"))?)?;
        fs::remove_file(&own).map_err(|e| format!("{}: {e}", own.display()))?;
    }
    Ok(())
}

/// The Node glue `glue` reading its `.wasm` at `${__dirname}/<to>` instead of `${__dirname}/<file>`.
fn pointed(glue: &str, file: &str, to: &str) -> Result<String> {
    let from = format!("`${{__dirname}}/{file}`");
    match glue.matches(&from).count() {
        1 => Ok(glue.replace(&from, &format!("`${{__dirname}}/{to}`"))),
        n => Err(format!("the Node glue names {from} {n} times, not once")),
    }
}

#[cfg(test)]
mod tests {
    use super::pointed;

    #[test]
    fn the_glue_reads_the_shared_file_and_only_a_glue_naming_its_own_once_is_changed() {
        let glue = "const wasmPath = `${__dirname}/m_bg.wasm`;\nconst bytes = require('fs').readFileSync(wasmPath);\n";
        let out = pointed(glue, "m_bg.wasm", "../web/m_bg.wasm").unwrap();
        assert_eq!(
            out,
            "const wasmPath = `${__dirname}/../web/m_bg.wasm`;\nconst bytes = require('fs').readFileSync(wasmPath);\n"
        );
        assert!(pointed("const wasmPath = `${__dirname}/other_bg.wasm`;", "m_bg.wasm", "x").is_err());
        assert!(pointed(&format!("{glue}{glue}"), "m_bg.wasm", "x").is_err());
    }
}
