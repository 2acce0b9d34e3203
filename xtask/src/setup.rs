//! Installs what the build and the tests need, only when it is missing:
//! the wasm target, rustfmt and clippy, the pinned wasm-bindgen CLI, the npm
//! tools, Chromium, WordPress, GNU gettext.

use crate::manifest::Workspace;
use crate::shell::{self, Result, root, run, stdout_of};
use std::path::Path;
use std::process::Command;

/// The `wasm32-unknown-unknown` target of the active toolchain.
pub fn wasm_target() -> Result<()> {
    let installed = stdout_of(Command::new("rustup").args(["target", "list", "--installed"])).unwrap_or_default();
    if installed.lines().any(|t| t.trim() == "wasm32-unknown-unknown") {
        return Ok(());
    }
    println!("installing the wasm32-unknown-unknown target");
    run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))
}

/// The Rust toolchain `version` (e.g. `1.88.0`, the library's `rust-version`)
/// with the wasm32 target, in rustup's minimal profile; `cargo` of it, run
/// through `rustup run` (not the `cargo` running xtask).
pub fn toolchain_cargo(version: &str) -> Result<Command> {
    let installed = stdout_of(Command::new("rustup").args(["toolchain", "list"])).unwrap_or_default();
    if !installed.lines().any(|t| t.starts_with(&format!("{version}-"))) {
        println!("installing Rust {version} (the declared rust-version)");
        run(Command::new("rustup").args(["toolchain", "install", version, "--profile", "minimal"]))?;
    }
    run(Command::new("rustup").args(["target", "add", "--toolchain", version, "wasm32-unknown-unknown"]))?;
    let mut cargo = Command::new("rustup");
    // What the cargo running xtask set would pick its own toolchain again.
    cargo.args(["run", version, "cargo"]).env_remove("RUSTUP_TOOLCHAIN").env_remove("CARGO").env_remove("RUSTC");
    Ok(cargo)
}

/// rustfmt and clippy of the active toolchain (a minimal rustup profile has neither).
pub fn rust_components() -> Result<()> {
    let installed = |tool: &str| stdout_of(shell::cargo().args([tool, "--version"])).is_some();
    if installed("fmt") && installed("clippy") {
        return Ok(());
    }
    println!("installing rustfmt and clippy");
    run(Command::new("rustup").args(["component", "add", "rustfmt", "clippy"]))
}

/// The wasm-bindgen CLI (and its test runner) at exactly the pinned version.
pub fn wasm_bindgen_cli() -> Result<()> {
    let version = Workspace::read()?.pinned_wasm_bindgen()?;
    let current = stdout_of(Command::new("wasm-bindgen").arg("--version")).unwrap_or_default();
    if current == format!("wasm-bindgen {version}") {
        return Ok(());
    }
    println!("installing wasm-bindgen-cli {version} (a few minutes, once)");
    // No --locked: the registry mirror here lacks a crate its lock file names.
    run(shell::cargo().args(["install", "wasm-bindgen-cli", "--version", &version]))
}

/// The npm tools of the root package.json (wasm-opt, tsc, …), as locked.
pub fn npm_tools() -> Result<()> {
    let root = root();
    let installed = root.join("node_modules/.package-lock.json");
    if is_newer(&installed, &root.join("package-lock.json")) {
        return Ok(());
    }
    println!("installing the npm tools (package-lock.json)");
    run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&root))
}

/// Debian's Chromium, which the page tests drive.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// Debian's ChromeDriver, which the browser suite drives Chromium with.
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Debian's `chromium` and `chromium-driver` packages, installed with apt-get
/// when either binary is missing.
pub fn chromium() -> Result<()> {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return Ok(());
    }
    apt_install("Chromium and ChromeDriver", &["chromium", "chromium-driver"])
}

/// Debian's `pngquant`, which makes the docs' screenshots small.
pub const PNGQUANT: &str = "/usr/bin/pngquant";

/// Debian's `pngquant` package, installed with apt-get as `chromium` is, when missing.
pub fn pngquant() -> Result<()> {
    if Path::new(PNGQUANT).exists() {
        return Ok(());
    }
    apt_install("pngquant", &["pngquant"])
}

/// GNU gettext's `xgettext`, which makes the WordPress plugin's `.pot`.
pub const XGETTEXT: &str = "/usr/bin/xgettext";

/// Debian's `gettext` package (xgettext, msgmerge, msgfmt: the WordPress
/// plugin's `.pot` and compiled translations), installed with apt-get when missing.
pub fn gettext() -> Result<()> {
    if Path::new(XGETTEXT).exists() {
        return Ok(());
    }
    apt_install("GNU gettext", &["gettext"])
}

/// What the WordPress plugin's suites run: Debian's WordPress, MariaDB, PHP's
/// command line (its `php -S` server) and phpcs, when one of them is missing.
pub fn wordpress() -> Result<()> {
    let needed = ["/usr/share/wordpress/wp-settings.php", "/usr/sbin/mariadbd", "/usr/bin/php", "/usr/bin/phpcs"];
    if needed.iter().all(|path| Path::new(path).exists()) {
        return Ok(());
    }
    apt_install("WordPress, MariaDB, PHP and phpcs", &["wordpress", "mariadb-server", "php-cli", "php-codesniffer"])
}

/// Installs Debian `packages` with apt-get (through `sudo` when not root), after an update.
fn apt_install(what: &str, packages: &[&str]) -> Result<()> {
    let root_user = stdout_of(Command::new("id").arg("-u")).as_deref() == Some("0");
    let apt = |args: &[&str]| {
        let mut cmd = if root_user { Command::new("env") } else { Command::new("sudo") };
        if !root_user {
            cmd.arg("env");
        }
        cmd.arg("DEBIAN_FRONTEND=noninteractive").arg("apt-get").args(args);
        cmd
    };
    if !root_user && stdout_of(Command::new("sudo").arg("--version")).is_none() {
        return Err(format!("{what} missing: as root, run `apt-get install {}`", packages.join(" ")));
    }
    println!("installing {what} (Debian packages, once)");
    run(&mut apt(&["update"]))?;
    run(&mut apt(&[&["install", "-y"], packages].concat()))
}

/// True when `a` exists and is at least as new as `b`.
fn is_newer(a: &Path, b: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    matches!((modified(a), modified(b)), (Some(a), Some(b)) if a >= b)
}
