//! A server run as a child process for the suites and the demo: it prints
//! `listening on http://127.0.0.1:PORT` (or another address, such as a
//! browser server's `ws://…`) as its first stdout line, and is
//! stopped when the guard drops, whatever happens.

use crate::shell::Result;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running child server; killed on drop.
pub struct ChildServer {
    child: Child,
    /// Where it listens, e.g. `http://127.0.0.1:PORT`, from its first line.
    pub url: String,
}

impl ChildServer {
    /// Spawns `cmd` and reads where it listens; `what` names it in errors.
    pub fn start(cmd: &mut Command, what: &str) -> Result<ChildServer> {
        let child = cmd.stdout(Stdio::piped()).spawn().map_err(|e| format!("could not start {what}: {e}"))?;
        let mut guard = ChildServer { child, url: String::new() };
        let mut first_line = String::new();
        if let Some(stdout) = guard.child.stdout.take() {
            let mut reader = BufReader::new(stdout);
            let _ = reader.read_line(&mut first_line);
            // Keep draining, so a later line never meets a closed pipe.
            std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
        }
        match first_line.trim().strip_prefix("listening on ") {
            Some(url) => {
                guard.url = url.to_owned();
                Ok(guard)
            }
            None => Err(format!("{what} did not say where it listens (first line: {first_line:?})")),
        }
    }
}

impl ChildServer {
    /// Closes its standard input (piped by the caller's command) and waits up
    /// to `grace` for it to exit by itself, for a server that then stops what
    /// it started; past that it is killed on drop, as any other.
    pub fn finish(mut self, grace: Duration) {
        drop(self.child.stdin.take());
        let deadline = Instant::now() + grace;
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::ChildServer;
    use std::process::{Command, Stdio};
    use std::time::Duration;

    /// `sh -c script` as a child server.
    fn shell(script: &str) -> Result<ChildServer, String> {
        ChildServer::start(Command::new("sh").args(["-c", script]), "the test server")
    }

    #[test]
    fn reads_the_url_from_the_first_line() {
        let server = shell("echo listening on http://127.0.0.1:9; echo more; exec sleep 30").unwrap();
        assert_eq!(server.url, "http://127.0.0.1:9");
    }

    #[test]
    fn refuses_a_server_that_does_not_say_where_it_listens() {
        let error = shell("echo ready").err().unwrap();
        assert!(error.contains("the test server did not say where it listens"), "{error}");
    }

    #[test]
    fn finish_lets_it_stop_by_itself_once_its_input_ends() {
        let done = std::env::temp_dir().join(format!("child-server-finish-{}", std::process::id()));
        let _ = std::fs::remove_file(&done);
        let script = "echo listening on http://127.0.0.1:9; cat >/dev/null; echo stopped >\"$DONE\"";
        let mut cmd = Command::new("sh");
        cmd.args(["-c", script]).env("DONE", &done).stdin(Stdio::piped());
        ChildServer::start(&mut cmd, "the test server").unwrap().finish(Duration::from_secs(10));
        let stopped = std::fs::read_to_string(&done);
        let _ = std::fs::remove_file(&done);
        assert_eq!(stopped.ok().as_deref(), Some("stopped\n"), "it ran to its end rather than being killed");
    }
}
