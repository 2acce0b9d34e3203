//! File helpers of the xtask commands, with the path in every error.

use crate::shell::Result;
use std::fs;
use std::path::Path;

/// The text of `path`.
pub fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `text` to `path`, making its folder first.
pub fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(folder) = path.parent() {
        fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    }
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Copies the file `from` to `to`.
pub fn copy(from: &Path, to: &Path) -> Result<()> {
    fs::copy(from, to).map(|_| ()).map_err(|e| format!("{} → {}: {e}", from.display(), to.display()))
}

/// The files of folder `from` (not its subfolders) into a new folder `to`.
pub fn copy_files(from: &Path, to: &Path) -> Result<()> {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_file() {
            copy(&path, &to.join(path.file_name().unwrap_or_default()))?;
        }
    }
    Ok(())
}

/// Copies the folder `from`, with its subfolders, to a new folder `to`.
pub fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let target = to.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            copy_tree(&path, &target)?;
        } else {
            fs::copy(&path, &target).map_err(|e| format!("{} → {}: {e}", path.display(), target.display()))?;
        }
    }
    Ok(())
}
