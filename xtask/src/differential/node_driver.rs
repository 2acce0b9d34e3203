//! The JS side: one Node process (`tests/differential/driver.mjs`) running the
//! installed package, fed cases in batches over a pipe.

use super::case::Case;
use super::native::TOKEN;
use crate::shell::{Result, root};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// What the package did with one case.
pub struct JsReport {
    /// The JSON-RPC id of the request the client sent (`None`: it sent none).
    pub request_id: Option<u64>,
    /// Whether `JSON.parse` takes the body text (`None`: no request was made).
    pub parsed: Option<bool>,
    /// The JSON text of `{ value }`, `{ error }`, `{ trap }` or `{ unserializable }` (an
    /// outcome `JSON.stringify` could not write).
    pub outcome: String,
}

/// The running driver; stopped when dropped.
pub struct NodeDriver {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl NodeDriver {
    /// Starts the driver against the package installed under `tests/node_modules`.
    pub fn start() -> Result<NodeDriver> {
        let dir = root().join("tests/differential");
        if !root().join("tests/node_modules/magisterium-a2a/package.json").exists() {
            return Err("the package is not installed under tests/node_modules (the package suite does that)".into());
        }
        let mut child = Command::new("node")
            .arg("driver.mjs")
            .current_dir(dir)
            .env("DIFFERENTIAL_TOKEN", TOKEN)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("could not start node: {e}"))?;
        let (stdin, stdout) = (child.stdin.take(), child.stdout.take());
        let stdout = BufReader::new(stdout.ok_or("node has no stdout")?);
        Ok(NodeDriver { child, stdin, stdout })
    }

    /// Runs `cases` (numbered from `first`); one report per case, in order.
    pub fn run(&mut self, cases: &[Case], first: usize) -> Result<Vec<JsReport>> {
        let stdin = self.stdin.as_mut().ok_or("the driver's stdin is closed")?;
        let stdout = &mut self.stdout;
        // Written from a thread while the answers are read: a pipe holds only so much.
        std::thread::scope(|scope| {
            let writer = scope.spawn(move || -> std::io::Result<()> {
                for (i, case) in cases.iter().enumerate() {
                    writeln!(stdin, "{}", case.driver_line(first + i))?;
                }
                stdin.flush()
            });
            let reports = (0..cases.len()).map(|i| read_report(stdout, first + i)).collect();
            writer.join().map_err(|_| "the writer thread panicked".to_owned())?.map_err(|e| e.to_string())?;
            reports
        })
    }
}

/// Reads the report of case `n`.
fn read_report(stdout: &mut impl BufRead, n: usize) -> Result<JsReport> {
    let mut line = String::new();
    if stdout.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
        return Err(format!("the Node driver ended before answering case {n}"));
    }
    let report: Value = serde_json::from_str(&line).map_err(|e| format!("an unreadable driver line ({e}): {line}"))?;
    if report["n"].as_u64() != Some(n as u64) {
        return Err(format!("the driver answered out of order: expected case {n}, got {line}"));
    }
    Ok(JsReport {
        request_id: report["requestId"].as_u64(),
        parsed: report["parsed"].as_bool(),
        outcome: report["outcome"].as_str().unwrap_or_default().to_owned(),
    })
}

impl Drop for NodeDriver {
    fn drop(&mut self) {
        // End of input ends the driver; it is killed if it does not.
        drop(self.stdin.take());
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
