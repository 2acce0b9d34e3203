//! Installs what the build and the tests need, only when it is missing:
//! the wasm target, rustfmt and clippy, the pinned wasm-bindgen CLI, the npm
//! tools, the toolchain of the library's `rust-version`, Chromium, WordPress,
//! GNU gettext. Each install holds a lock of its kind (a file under
//! `target/xtask-locks/`), so two processes or threads of a test run never
//! install one thing at once: the second waits, then finds it installed. A
//! test run starts the installs that mostly wait on the network and the disk
//! in the background ([`Background`]), beside its first builds.

use crate::manifest::Workspace;
use crate::shell::{self, Result, root, stdout_of};
use std::fs::{self, File, TryLockError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::{self, JoinHandle};

/// The `wasm32-unknown-unknown` target of the active toolchain.
pub fn wasm_target() -> Result<()> {
    ensure(
        "rustup",
        Out::Terminal,
        || has_wasm_target(&[]),
        |out| {
            out.say("installing the wasm32-unknown-unknown target");
            out.run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))
        },
    )
}

/// The Rust toolchain `version` (e.g. `1.88.0`, the library's `rust-version`)
/// with the wasm32 target, in rustup's minimal profile; `cargo` of it, run
/// through `rustup run` (not the `cargo` running xtask).
pub fn toolchain_cargo(version: &str) -> Result<Command> {
    toolchain(version, Out::Terminal)?;
    let mut cargo = Command::new("rustup");
    // What the cargo running xtask set would pick its own toolchain again.
    cargo.args(["run", version, "cargo"]).env_remove("RUSTUP_TOOLCHAIN").env_remove("CARGO").env_remove("RUSTC");
    Ok(cargo)
}

/// The Rust toolchain `version` with the wasm32 target, installed when missing.
fn toolchain(version: &str, out: Out) -> Result<()> {
    let installed = || {
        let toolchains = stdout_of(Command::new("rustup").args(["toolchain", "list"])).unwrap_or_default();
        toolchains.lines().any(|t| t.starts_with(&format!("{version}-"))) && has_wasm_target(&["--toolchain", version])
    };
    ensure("rustup", out, installed, |out| {
        out.say(&format!("installing Rust {version} (the declared rust-version)"));
        out.run(Command::new("rustup").args(["toolchain", "install", version, "--profile", "minimal"]))?;
        out.run(Command::new("rustup").args(["target", "add", "--toolchain", version, "wasm32-unknown-unknown"]))
    })
}

/// Whether rustup lists the wasm32 target as installed (`args`: which toolchain, the active one by default).
fn has_wasm_target(args: &[&str]) -> bool {
    let targets = stdout_of(Command::new("rustup").args(["target", "list", "--installed"]).args(args));
    targets.unwrap_or_default().lines().any(|t| t.trim() == "wasm32-unknown-unknown")
}

/// rustfmt and clippy of the active toolchain (a minimal rustup profile has neither).
pub fn rust_components() -> Result<()> {
    let installed = |tool: &str| stdout_of(shell::cargo().args([tool, "--version"])).is_some();
    ensure(
        "rustup",
        Out::Terminal,
        || installed("fmt") && installed("clippy"),
        |out| {
            out.say("installing rustfmt and clippy");
            out.run(Command::new("rustup").args(["component", "add", "rustfmt", "clippy"]))
        },
    )
}

/// The wasm-bindgen CLI (and its test runner) at exactly the pinned version.
pub fn wasm_bindgen_cli() -> Result<()> {
    let version = Workspace::read()?.pinned_wasm_bindgen()?;
    let wanted = format!("wasm-bindgen {version}");
    let installed = || stdout_of(Command::new("wasm-bindgen").arg("--version")).is_some_and(|v| v == wanted);
    ensure("wasm-bindgen", Out::Terminal, installed, |out| {
        out.say(&format!("installing wasm-bindgen-cli {version} (a few minutes, once)"));
        // No --locked: the registry mirror here lacks a crate its lock file names. Without the
        // default TLS feature (the test runner speaks plain HTTP to the local ChromeDriver) and
        // at opt-level 1, its build takes a quarter less CPU and its runs about 6 % more
        // (docs/testing.md, "How long it takes").
        let mut install = shell::cargo();
        install.args(["install", "wasm-bindgen-cli", "--version", &version, "--no-default-features"]);
        out.run(install.env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1"))
    })
}

/// The npm tools of the root package.json (wasm-opt, tsc, …), as locked.
pub fn npm_tools() -> Result<()> {
    npm_ci(Out::Terminal)
}

/// `npm ci` of the root package.json, unless `node_modules` is newer than its lock file.
fn npm_ci(out: Out) -> Result<()> {
    let root = root();
    let fresh = || is_newer(&root.join("node_modules/.package-lock.json"), &root.join("package-lock.json"));
    ensure("npm", out, fresh, |out| {
        out.say("installing the npm tools (package-lock.json)");
        out.run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&root))
    })
}

/// Debian's Chromium, which the page tests drive.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// Debian's ChromeDriver, which the browser suite drives Chromium with.
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Debian's `chromium` and `chromium-driver` packages, installed with apt-get
/// when either binary is missing.
pub fn chromium() -> Result<()> {
    debian("Chromium and ChromeDriver", &CHROMIUM_PACKAGES, Out::Terminal)
}

/// Debian's `pngquant`, which makes the docs' screenshots small.
pub const PNGQUANT: &str = "/usr/bin/pngquant";

/// Debian's `pngquant` package, installed with apt-get as `chromium` is, when missing.
pub fn pngquant() -> Result<()> {
    debian("pngquant", &[(PNGQUANT, "pngquant")], Out::Terminal)
}

/// GNU gettext's `xgettext`, which makes the WordPress plugin's `.pot`.
pub const XGETTEXT: &str = "/usr/bin/xgettext";

/// Debian's `gettext` package (xgettext, msgmerge, msgfmt: the WordPress
/// plugin's `.pot` and compiled translations), installed with apt-get when missing.
pub fn gettext() -> Result<()> {
    debian("GNU gettext", &GETTEXT_PACKAGES, Out::Terminal)
}

/// What the WordPress plugin's suites run: Debian's WordPress, MariaDB, PHP's
/// command line (its `php -S` server) and phpcs, when one of them is missing.
pub fn wordpress() -> Result<()> {
    debian("WordPress, MariaDB, PHP and phpcs", &WORDPRESS_PACKAGES, Out::Terminal)
}

/// A file each Debian package installs, and the package.
type Packages<'a> = [(&'a str, &'a str)];

const CHROMIUM_PACKAGES: [(&str, &str); 2] = [(CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")];
const GETTEXT_PACKAGES: [(&str, &str); 1] = [(XGETTEXT, "gettext")];
const WORDPRESS_PACKAGES: [(&str, &str); 4] = [
    ("/usr/share/wordpress/wp-settings.php", "wordpress"),
    ("/usr/sbin/mariadbd", "mariadb-server"),
    ("/usr/bin/php", "php-cli"),
    ("/usr/bin/phpcs", "php-codesniffer"),
];

/// The Debian `packages` whose file is missing, installed with apt-get.
fn debian(what: &str, packages: &Packages, out: Out) -> Result<()> {
    let missing = || packages.iter().filter(|(file, _)| !Path::new(file).exists()).map(|(_, p)| *p).collect::<Vec<_>>();
    ensure("apt", out, || missing().is_empty(), |out| apt_install(what, &missing(), out))
}

/// Installs Debian `packages` with apt-get (through `sudo` when not root), after an update.
fn apt_install(what: &str, packages: &[&str], out: Out) -> Result<()> {
    let apt = |args: &[&str]| {
        let mut cmd = if is_root() { Command::new("env") } else { Command::new("sudo") };
        if !is_root() {
            cmd.arg("env");
        }
        cmd.arg("DEBIAN_FRONTEND=noninteractive").arg("apt-get").args(args);
        cmd
    };
    if !is_root() && stdout_of(Command::new("sudo").arg("--version")).is_none() {
        return Err(format!("{what} missing: as root, run `apt-get install {}`", packages.join(" ")));
    }
    out.say(&format!("installing {what} (Debian packages, once)"));
    out.run(&mut apt(&["update"]))?;
    out.run(&mut apt(&[&["install", "-y"], packages].concat()))
}

/// Whether this process runs as root (apt-get needs no `sudo`).
fn is_root() -> bool {
    stdout_of(Command::new("id").arg("-u")).as_deref() == Some("0")
}

/// What a test run installs in the background, when missing.
pub struct Wanted {
    /// The npm tools.
    pub npm: bool,
    /// The Debian packages of the suites after the package (Chromium, gettext, WordPress).
    pub debian: bool,
    /// The toolchain of the library's `rust-version`.
    pub rust_version: bool,
}

/// The installs a test run makes on a thread of its own, beside its first builds: those that
/// mostly wait on the network and the disk (npm, apt-get, rustup), in one go each (one apt-get
/// for every Debian package, not one per suite). Their output goes to
/// `target/xtask-installs.log`; a suite that needs one waits for its lock, and one that failed
/// here is tried again by the suite, whose output then shows why.
pub struct Background(Option<(JoinHandle<()>, PathBuf)>);

impl Background {
    /// Starts the installs `wanted` on a thread of their own.
    pub fn start(wanted: Wanted) -> Background {
        if !(wanted.npm || wanted.debian || wanted.rust_version) {
            return Background(None);
        }
        let log = root().join("target/xtask-installs.log");
        let opened = fs::create_dir_all(root().join("target")).and_then(|()| File::create(&log));
        let Ok(file) = opened else { return Background(None) };
        Background(Some((thread::spawn(move || install_in_background(&wanted, &file)), log)))
    }

    /// Waits for the installs to end; says where their output is, when there was any.
    pub fn finish(mut self) {
        let Some((thread, log)) = self.0.take() else { return };
        let _ = thread.join();
        if fs::metadata(&log).is_ok_and(|m| m.len() > 0) {
            println!("installed in the background beside the first suites: {}", log.display());
        }
    }
}

impl Drop for Background {
    /// Waits for the installs even when the run ends early: an apt-get cut short leaves dpkg to repair.
    fn drop(&mut self) {
        if let Some((thread, _)) = self.0.take() {
            let _ = thread.join();
        }
    }
}

/// The installs of [`Background`], one after another, each written to `log` with its outcome.
fn install_in_background(wanted: &Wanted, log: &File) {
    let out = Out::Log(log);
    let mut outcomes = Vec::new();
    if wanted.npm {
        outcomes.push(npm_ci(out));
    }
    // Without root, apt-get goes through sudo, which may ask for a password: the suites ask then.
    if wanted.debian && is_root() {
        let all = [&CHROMIUM_PACKAGES[..], &GETTEXT_PACKAGES, &WORDPRESS_PACKAGES].concat();
        outcomes.push(debian("Debian's Chromium, gettext, WordPress, MariaDB, PHP and phpcs", &all, out));
    }
    if wanted.rust_version {
        let version = Workspace::read().and_then(|w| {
            w.package("magisterium-a2a")?.rust_version.clone().ok_or_else(|| "no rust-version".to_owned())
        });
        outcomes.push(version.and_then(|version| toolchain(&version, out)));
    }
    for failed in outcomes.into_iter().filter_map(std::result::Result::err) {
        out.say(&format!("failed (the suite that needs it tries again): {failed}"));
    }
}

/// Where an install's commands print: the terminal, or the log of [`Background`].
#[derive(Clone, Copy)]
enum Out<'a> {
    Terminal,
    Log(&'a File),
}

impl Out<'_> {
    /// Prints one line.
    fn say(self, line: &str) {
        match self {
            Out::Terminal => println!("{line}"),
            Out::Log(mut log) => {
                let _ = writeln!(log, "{line}");
            }
        }
    }

    /// Runs `cmd` (printed first); fails unless it exits 0.
    fn run(self, cmd: &mut Command) -> Result<()> {
        match self {
            Out::Terminal => shell::run(cmd),
            Out::Log(log) => shell::run_into(cmd, log),
        }
    }
}

/// Runs `install` unless `installed`, holding the lock `name` (a file under `target/xtask-locks/`),
/// which another process or thread holds while it installs the same thing: once the lock is
/// held, `installed` is asked again. Says so when it must wait.
fn ensure(name: &str, out: Out, installed: impl Fn() -> bool, install: impl FnOnce(Out) -> Result<()>) -> Result<()> {
    if installed() {
        return Ok(());
    }
    let dir = root().join("target/xtask-locks");
    let path: PathBuf = dir.join(name);
    let failed = |e: std::io::Error| format!("{}: {e}", path.display());
    fs::create_dir_all(&dir).map_err(failed)?;
    let lock = File::create(&path).map_err(failed)?;
    match lock.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            out.say(&format!("waiting for another install of `{name}` to end (its lock: {})", path.display()));
            lock.lock().map_err(failed)?;
        }
        Err(TryLockError::Error(e)) => return Err(failed(e)),
    }
    if installed() { Ok(()) } else { install(out) }
}

/// True when `a` exists and is at least as new as `b`.
fn is_newer(a: &Path, b: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    matches!((modified(a), modified(b)), (Some(a), Some(b)) if a >= b)
}

#[cfg(test)]
mod tests {
    use super::{Out, ensure};
    use crate::shell::root;
    use std::fs::{self, File};
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::{thread, time::Duration};

    #[test]
    fn an_install_under_way_elsewhere_is_waited_for_and_not_made_twice() {
        let name = format!("test-{}", std::process::id());
        let log_path = std::env::temp_dir().join(format!("xtask-setup-test-{}.log", std::process::id()));
        let log = File::create(&log_path).unwrap();
        let (installed, installs) = (AtomicBool::new(false), AtomicUsize::new(0));
        let install = |_: Out| {
            installs.fetch_add(1, Ordering::SeqCst);
            // Holding the lock until the other thread has found it held (without a lock, it never
            // says so: then each waits its 5 s and both install).
            for _ in 0..500 {
                if fs::read_to_string(&log_path).unwrap().contains("waiting for another install") {
                    break;
                }
                thread::sleep(Duration::from_millis(10));
            }
            installed.store(true, Ordering::SeqCst);
            Ok(())
        };
        thread::scope(|scope| {
            let first = scope.spawn(|| ensure(&name, Out::Terminal, || installed.load(Ordering::SeqCst), install));
            while installs.load(Ordering::SeqCst) == 0 {
                thread::sleep(Duration::from_millis(10));
            }
            let second = ensure(&name, Out::Log(&log), || installed.load(Ordering::SeqCst), install);
            assert_eq!(second, Ok(()));
            assert_eq!(first.join().unwrap(), Ok(()));
        });
        assert_eq!(installs.load(Ordering::SeqCst), 1, "the second found it installed once the first was done");
        let _ = fs::remove_file(&log_path);
        let _ = fs::remove_file(root().join("target/xtask-locks").join(&name));
    }
}
