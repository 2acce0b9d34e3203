//! The `magisterium-sim` binary (or the npm package `magisterium-a2a-simulator`'s command when
//! `MAGISTERIUM_SIM_NODE` names its script): the first stdout line, --help, start-up failures
//! and stopping on a signal.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_magisterium-sim");

/// The command under test.
fn command() -> Command {
    crate::common::node_command().map_or_else(|| Command::new(BIN), |script| crate::common::node_simulator(&script))
}

#[test]
fn first_line_announces_the_url() {
    let (mut child, line) = spawn(&["--addr", "127.0.0.1:0", "--token", "t1", "--token", "t2"]);
    child.kill().unwrap();
    child.wait().unwrap();
    let url = line.trim_end().strip_prefix("listening on http://127.0.0.1:").expect(&line);
    assert!(url.parse::<u16>().is_ok_and(|port| port > 0), "{line}");
}

#[test]
fn help_documents_every_flag() {
    let output = command().arg("--help").output().unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    for flag in [
        "--addr",
        "--listen",
        "--frozen-at",
        "--token",
        "--free-token",
        "--rate-default",
        "--rate-expensive",
        "--task-ttl-secs",
        "--max-body-bytes",
        "--faults",
        "--no-control",
    ] {
        assert!(help.contains(flag), "{flag} missing from:\n{help}");
    }
    for default in ["127.0.0.1:8787", "demo-token", "free-token", "15/60s", "2/60s", "86400", "1048576"] {
        assert!(help.contains(default), "default {default} missing");
    }
}

#[test]
fn bad_faults_file_and_bad_flags_fail_cleanly() {
    let dir = std::env::temp_dir().join(format!("magisterium-sim-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"[{"fault":"meltdown"}]"#).unwrap();
    for args in [
        vec!["--addr".to_string(), "127.0.0.1:0".into(), "--faults".into(), bad.display().to_string()],
        vec!["--faults".into(), dir.join("missing.json").display().to_string()],
        vec!["--rate-default".into(), "lots".into()],
    ] {
        let mut child = command().args(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let status = child.wait().unwrap();
        let mut stderr = String::new();
        child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
        assert!(!status.success(), "{args:?}");
        assert!(!stderr.is_empty(), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn faults_file_is_armed_at_start() {
    let dir = std::env::temp_dir().join(format!("magisterium-sim-faults-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("faults.json");
    std::fs::write(&file, r#"[{"fault":"html_502","times":1}]"#).unwrap();
    let file = file.display().to_string();
    let (mut child, line) = spawn(&["--addr", "127.0.0.1:0", "--faults", &file]);
    let addr = line.trim_end().strip_prefix("listening on http://").unwrap().to_string();
    let status = raw_post_status(&addr);
    child.kill().unwrap();
    child.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(status, "HTTP/1.1 502 Bad Gateway");
}

#[test]
fn a_signal_stops_it_cleanly() {
    for signal in ["-INT", "-TERM"] {
        let (mut child, line) = spawn(&["--listen", "127.0.0.1:0"]);
        assert!(line.starts_with("listening on http://127.0.0.1:"), "{line}");
        assert!(Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap().success());
        let status = child.wait().unwrap();
        assert!(status.success(), "{signal}: {status}");
    }
}

/// Starts the binary with `args` and reads its first stdout line.
fn spawn(args: &[&str]) -> (Child, String) {
    let mut child = command().args(args).stdout(Stdio::piped()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    (child, line)
}

/// The status line of a minimal POST to the A2A endpoint.
fn raw_post_status(addr: &str) -> String {
    use std::io::Write;
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    let body = "{}";
    write!(
        stream,
        "POST /api/v1/a2a HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).unwrap();
    line.trim_end().to_string()
}
