//! npm binaryen's `wasm-opt`, as every `.wasm` of the package is shrunk.

use crate::shell::{self, Result, npm_bin};
use std::path::Path;

/// Runs npm binaryen's `wasm-opt` with `passes` on `module` in place (with the
/// features wasm-bindgen's output uses); what it printed.
pub fn wasm_opt(passes: &[&str], module: &Path) -> Result<String> {
    let mut opt = npm_bin("wasm-opt");
    opt.args(passes).args(["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext"]).args([
        "--enable-reference-types",
        "--enable-multivalue",
        "--enable-mutable-globals",
    ]);
    shell::stdout_or_fail(opt.arg(module).arg("-o").arg(module))
}
