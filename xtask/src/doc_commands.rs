//! Every shell command of README.md and `docs/*.md` runs as printed. A
//! document's ```sh blocks are one terminal session, in order, as a reader
//! types them (a variable set in one block is there in the next; each
//! command but an assignment runs in a subshell, so a `cd` stays in its
//! line), under `bash -e` in a network namespace of its own (`unshare
//! --net`): only a loopback, so the ports printed are free and a command
//! that reaches for the network fails: what passes here runs offline.
//!
//! A command followed by the comment line `# listening on http://HOST:PORT`
//! is a server: it runs in the background until the session ends, and its
//! first stdout line must be that one (a port written in capitals, `PORT`,
//! stands for any). The documents for the packages' users run in a folder
//! where both tarballs are installed, with README's quickstart saved there as
//! `quickstart.mjs` (what the README tells a reader to do); the repository's
//! own ([`AT_ROOT`]) at its root. Not run: the commands of [`NOT_RUN`], each
//! with why and what runs it instead.

use crate::files::write;
use crate::markdown;
use crate::npm_packs;
use crate::shell::{root, tee};
use crate::tally::Tally;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Commands (by their first words, after any `NAME=value`) that no session
/// runs, and why.
pub const NOT_RUN: [(&str, &str); 7] = [
    ("cargo xtask", "the demo, the suites and the benchmarks themselves: `cargo xtask test` is this run"),
    ("cargo test", "the unit and doctests suites run it"),
    ("npm install magisterium-a2a", "from the registry: each session installs the tarballs the same way, offline"),
    (
        "npm install --save-dev magisterium-a2a-simulator",
        "from the registry: each session installs the tarballs the same way, offline",
    ),
    ("cargo add magisterium-a2a", "from GitHub: the user-crate suite builds a program on the packaged crate, offline"),
    (
        "cd pkg-simulator/playground",
        "a static server that runs until stopped, for a person's browser: the page suite serves the installed simulator package's playground statically and drives it",
    ),
    (
        "npx magisterium-a2a login",
        "a person signs in, in a browser: the readme suite signs in through tests/login-to-simulator.mjs",
    ),
];

/// The documents for the repository's developers, whose commands run at its root.
const AT_ROOT: [&str; 3] = ["docs/performance.md", "docs/simulator.md", "docs/testing.md"];

/// How long a server may take to print its first line (a `cargo run` may build first).
const SERVER_START_SECS: u32 = 300;

/// One command of a session.
#[derive(Debug, PartialEq, Eq)]
pub enum SessionCommand {
    /// Runs; the session fails when it fails.
    Run(String),
    /// Runs in the background; its first stdout line must be `first_line`.
    Server { command: String, first_line: String },
    /// Not run, for this reason (see [`NOT_RUN`]).
    NotRun { command: String, why: &'static str },
}

/// The commands of `blocks` (the ```sh blocks of one document), in order: a
/// line ending in `\` goes on with the next; comment lines are dropped,
/// except a `# listening on …` right after a command, which makes it a server.
pub fn steps(blocks: &[String]) -> Vec<SessionCommand> {
    let mut steps = Vec::new();
    for block in blocks {
        let mut pending = String::new();
        for line in block.lines() {
            if pending.is_empty() && line.trim_start().starts_with('#') {
                let comment = line.trim_start().trim_start_matches('#').trim();
                if let (Some(url), Some(SessionCommand::Run(_))) = (comment.strip_prefix("listening on "), steps.last())
                {
                    let Some(SessionCommand::Run(command)) = steps.pop() else { unreachable!() };
                    let url = url.split_whitespace().next().unwrap_or_default();
                    steps.push(SessionCommand::Server { command, first_line: format!("listening on {url}") });
                }
                continue;
            }
            if open_quote(&pending) {
                // Inside a quoted string that spans lines (a JSON body): the line is part of it.
                pending.push('\n');
                pending.push_str(line);
            } else if let Some(head) = line.strip_suffix('\\') {
                // Continued on the next line.
                pending.push_str(head);
                pending.push(' ');
                continue;
            } else {
                pending.push_str(line);
            }
            if !open_quote(&pending) {
                let command = std::mem::take(&mut pending).trim().to_owned();
                if !command.is_empty() {
                    steps.push(classify(command));
                }
            }
        }
    }
    steps
}

/// True when `text` ends inside a quoted string (`'…'`, or `"…"` with its `\` escapes).
fn open_quote(text: &str) -> bool {
    let mut quote = None;
    let mut escaped = false;
    for c in text.chars() {
        match (quote, c) {
            (Some('"'), _) if escaped => escaped = false,
            (Some('"'), '\\') => escaped = true,
            (Some(open), c) if c == open => quote = None,
            (None, '\'' | '"') => quote = Some(c),
            _ => {}
        }
    }
    quote.is_some()
}

/// `command` as a step: not run when [`NOT_RUN`] lists its first words.
fn classify(command: String) -> SessionCommand {
    let words: Vec<&str> = command.split_whitespace().skip_while(|word| is_assignment(word)).collect();
    let listed = NOT_RUN.iter().find(|(start, _)| {
        let start: Vec<&str> = start.split_whitespace().collect();
        words.starts_with(&start)
    });
    match listed {
        Some((_, why)) => SessionCommand::NotRun { command, why },
        None => SessionCommand::Run(command),
    }
}

/// True for a shell word `NAME=value`.
fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !name.starts_with(|c: char| c.is_ascii_digit())
    })
}

/// The bash script of a session of `steps`, its servers' output in `dir`.
pub fn script(steps: &[SessionCommand], dir: &Path) -> String {
    let mut out = String::from(
        "set -eu\nset -a\nip link set lo up\nservers=\"\"\n\
         stop() { for pid in $servers; do kill -TERM -- \"-$pid\" 2>/dev/null || true; done; wait || true; }\n\
         trap stop EXIT\n",
    );
    for (index, step) in steps.iter().enumerate() {
        match step {
            SessionCommand::Run(command) => {
                out.push_str(&format!("echo {}\n", quoted(&format!("$ {command}"))));
                let whole = command.split_whitespace().count() == 1 && is_assignment(command);
                out.push_str(&if whole { format!("{command}\n") } else { format!("( {command}\n)\n") });
            }
            SessionCommand::Server { command, first_line } => {
                let file = dir.join(format!("server-{index}.sh"));
                let log = dir.join(format!("server-{index}.out"));
                out.push_str(&format!("echo {}\n", quoted(&format!("$ {command} &"))));
                out.push_str(&format!(
                    "cat > {} <<'COMMAND'\n{command}\nCOMMAND\n",
                    quoted(&file.display().to_string())
                ));
                out.push_str(&format!(
                    "setsid bash {file} > {log} &\nservers=\"$servers $!\"\n\
                     for _ in $(seq {ticks}); do [ -s {log} ] && [ \"$(wc -l < {log})\" -ge 1 ] && break; kill -0 $! 2>/dev/null || break; sleep 0.2; done\n\
                     first=$(head -n 1 {log}); echo \"  first line: $first\"\n\
                     case \"$first\" in {pattern}) ;; *) echo {expected} >&2; exit 1;; esac\n",
                    file = quoted(&file.display().to_string()),
                    log = quoted(&log.display().to_string()),
                    ticks = SERVER_START_SECS * 5,
                    pattern = line_pattern(first_line),
                    expected = quoted(&format!("expected the first line: {first_line}")),
                ));
            }
            SessionCommand::NotRun { command, why } => {
                out.push_str(&format!("echo {}\n", quoted(&format!("(not run: {command}: {why})"))));
            }
        }
    }
    out
}

/// A `case` pattern for the printed first line: literal, but a port written
/// in capitals (`:PORT`, `:AGENT_PORT`) matches any.
fn line_pattern(line: &str) -> String {
    match line.rsplit_once(':') {
        Some((head, port)) if !port.is_empty() && port.chars().all(|c| c.is_ascii_uppercase() || c == '_') => {
            format!("{}:[0-9]*", quoted(head))
        }
        _ => quoted(line),
    }
}

/// `text` in single quotes for bash.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Runs the session of each document of `documents` that has ```sh blocks;
/// `quickstart` is README's first JS example; `work` a folder of this run's own.
pub fn run(documents: &[String], quickstart: &str, work: &Path) -> Tally {
    let mut tally = Tally::default();
    for document in documents {
        let text = match std::fs::read_to_string(root().join(document)) {
            Ok(text) => text,
            Err(e) => return Tally::broken(&format!("{document}: {e}")),
        };
        let steps = steps(&markdown::fenced_blocks(&text, "sh"));
        if steps.is_empty() {
            continue;
        }
        let dir = work.join(document.replace(['/', '.'], "_"));
        let ran = session(document, &steps, quickstart, &dir);
        tally.check(&format!("{document}: its shell commands, as printed, offline"), ran);
    }
    tally
}

/// One document's session in `dir` (made afresh).
fn session(document: &str, steps: &[SessionCommand], quickstart: &str, dir: &Path) -> Result<(), String> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let reader = dir.join("project");
    write(&reader.join("package.json"), "{ \"private\": true }\n")?;
    write(&reader.join("quickstart.mjs"), quickstart)?;
    write(&dir.join("config/.keep"), "")?;
    npm_packs::install(&npm_packs::tarballs()?, &reader)?;
    let script_file = dir.join("session.sh");
    write(&script_file, &script(steps, dir))?;
    let cwd: PathBuf = if AT_ROOT.contains(&document) { root() } else { reader };
    let (ran, _) = tee(Command::new("unshare")
        .args(["--net", "--map-root-user", "bash"])
        .arg(&script_file)
        .current_dir(cwd)
        .env("XDG_CONFIG_HOME", dir.join("config")))?;
    if ran { Ok(()) } else { Err(format!("a command failed (the session: {})", script_file.display())) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_become_steps_servers_and_commands_not_run() {
        let blocks = [
            "cargo xtask demo    # the demo\nnpm install magisterium-a2a   # from the registry\n".to_owned(),
            "MAGISTERIUM_TOKEN=… npx magisterium-a2a proxy --listen 127.0.0.1:8080 \\\n  --allow-origin https://parish.example\n# listening on http://127.0.0.1:8080     (then one line per request)\n".to_owned(),
            "# a comment\nSIM=http://127.0.0.1:8787\ncurl -s $SIM/_sim/reset\nX=1 cargo test -p a --doc\n".to_owned(),
        ];
        let steps = steps(&blocks);
        assert!(
            matches!(&steps[0], SessionCommand::NotRun { command, .. } if command == "cargo xtask demo    # the demo")
        );
        assert!(matches!(&steps[1], SessionCommand::NotRun { .. }));
        assert_eq!(
            steps[2],
            SessionCommand::Server {
                command: "MAGISTERIUM_TOKEN=… npx magisterium-a2a proxy --listen 127.0.0.1:8080    --allow-origin https://parish.example".into(),
                first_line: "listening on http://127.0.0.1:8080".into(),
            }
        );
        assert_eq!(steps[3], SessionCommand::Run("SIM=http://127.0.0.1:8787".into()));
        assert_eq!(steps[4], SessionCommand::Run("curl -s $SIM/_sim/reset".into()));
        assert!(matches!(&steps[5], SessionCommand::NotRun { why, .. } if why.contains("doctests")));
        assert_eq!(steps.len(), 6);
        let body = "curl -s $SIM -d '{\n  \"a\": \"it\\\"s # not a comment\"\n}'\necho done\n".to_owned();
        assert_eq!(
            super::steps(&[body]),
            [
                SessionCommand::Run("curl -s $SIM -d '{\n  \"a\": \"it\\\"s # not a comment\"\n}'".into()),
                SessionCommand::Run("echo done".into())
            ]
        );
    }

    #[test]
    fn a_port_in_capitals_stands_for_any() {
        assert_eq!(line_pattern("listening on http://127.0.0.1:PORT"), "'listening on http://127.0.0.1':[0-9]*");
        assert_eq!(line_pattern("listening on http://127.0.0.1:8787"), "'listening on http://127.0.0.1:8787'");
        assert_eq!(quoted("it's"), r"'it'\''s'");
        assert!(is_assignment("A_1=x") && !is_assignment("1A=x") && !is_assignment("=x") && !is_assignment("curl"));
    }
}
