//! The WordPress plugin's zip, a step of `cargo xtask build`: the plugin of
//! `wordpress/` with its copy of the built widget and web build, and its
//! translations compiled.

use crate::files::{copy, copy_tree, files_under};
use crate::setup;
use crate::shell::{Result, root, run};
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use zip::write::SimpleFileOptions;

/// The plugin's folder name, in `wordpress/`, in the zip and in a site's `plugins/`.
const PLUGIN: &str = "magisterium-a2a";
/// The zip `cargo xtask build` writes in `pkg/`.
const ZIP: &str = "magisterium-a2a-wordpress.zip";
/// The plugin with its copy of the built widget (`pkg/widget/`, `pkg/web/`), the licenses and
/// its translations (`languages/`: the `.pot` remade from the sources in `wordpress/` too, a `.mo`
/// and the editor script's JSON per locale), as `pkg/wordpress/magisterium-a2a/`, and zipped as
/// `pkg/magisterium-a2a-wordpress.zip`.
pub fn package(pkg: &Path) -> Result<PathBuf> {
    let folder = assembled(pkg);
    copy_tree(&root().join("wordpress").join(PLUGIN), &folder)?;
    setup::gettext()?;
    run(Command::new("node").arg(root().join("wordpress/translations.mjs")).arg("build").arg(&folder))?;
    for built in ["widget", "web"] {
        copy_tree(&pkg.join(built), &folder.join(built))?;
    }
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&root().join(license), &folder.join(license))?;
    }
    let zip_path = pkg.join(ZIP);
    write_zip(&folder, &zip_path)?;
    Ok(zip_path)
}

/// Where `package` assembles the plugin.
pub fn assembled(pkg: &Path) -> PathBuf {
    pkg.join("wordpress").join(PLUGIN)
}

/// Every file of `folder` into a new zip at `out`, under `magisterium-a2a/` (how WordPress unpacks a plugin).
fn write_zip(folder: &Path, out: &Path) -> Result<()> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", out.display());
    let mut zip = zip::ZipWriter::new(File::create(out).map_err(|e| fail(&e))?);
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for file in files_under(folder)? {
        let relative = file.strip_prefix(folder).map_err(|e| e.to_string())?;
        let name = format!("{PLUGIN}/{}", relative.to_string_lossy().replace('\\', "/"));
        zip.start_file(name, options).map_err(|e| fail(&e))?;
        zip.write_all(&fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?).map_err(|e| fail(&e))?;
    }
    zip.finish().map_err(|e| fail(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::write_zip;
    use std::io::Read;

    #[test]
    fn the_zip_holds_every_file_under_the_plugin_folder() {
        let dir = std::env::temp_dir().join(format!("magisterium-zip-{}", std::process::id()));
        let folder = dir.join("plugin");
        std::fs::create_dir_all(folder.join("web")).unwrap();
        std::fs::write(folder.join("magisterium-a2a.php"), "<?php // main").unwrap();
        std::fs::write(folder.join("web/index.js"), "export {};").unwrap();
        let out = dir.join("plugin.zip");
        write_zip(&folder, &out).unwrap();
        let mut archive = zip::ZipArchive::new(std::fs::File::open(&out).unwrap()).unwrap();
        let mut names: Vec<String> = archive.file_names().map(|name| name.unwrap().into_owned()).collect();
        names.sort();
        assert_eq!(names, ["magisterium-a2a/magisterium-a2a.php", "magisterium-a2a/web/index.js"]);
        let mut text = String::new();
        archive.by_name("magisterium-a2a/web/index.js").unwrap().read_to_string(&mut text).unwrap();
        assert_eq!(text, "export {};");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
