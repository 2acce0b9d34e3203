//! The server under test: the native simulator in-process or, when `MAGISTERIUM_SIM_NODE` names
//! the command of the npm package `magisterium-a2a-simulator` (`…/bin/magisterium-a2a-simulator.mjs`),
//! `node` running it with the same settings as flags: the same cases check both.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, SystemTime};

use magisterium_sim::{Config, Simulator};
use serde_json::json;

/// The environment variable naming the npm package's command to test instead of the native server.
pub const NODE_COMMAND: &str = "MAGISTERIUM_SIM_NODE";

/// A running simulator of either kind; [`Server::shutdown`] stops it (dropping it kills a Node one).
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    Native(Simulator),
    Node(NodeChild),
}

impl Server {
    /// Starts a simulator with `config`: in-process, or as the Node command line when
    /// [`NODE_COMMAND`] is set (its clock then stands at `config.clock.now()`).
    pub async fn start(config: Config) -> Server {
        match node_command() {
            None => {
                let simulator = Simulator::start(config).await.expect("simulator starts");
                Server { addr: simulator.addr(), kind: Kind::Native(simulator) }
            }
            Some(script) => {
                let (child, addr) = NodeChild::start(&script, &config);
                Server { addr, kind: Kind::Node(child) }
            }
        }
    }

    /// The bound address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The base URL, e.g. `http://127.0.0.1:8787`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The A2A endpoint URL.
    pub fn endpoint(&self) -> String {
        format!("{}/api/v1/a2a", self.url())
    }

    /// Moves the simulator's clock forward: directly in-process, else through `POST /_sim/clock`.
    pub async fn advance(&self, by: Duration) {
        match &self.kind {
            Kind::Native(simulator) => simulator.clock().advance(by),
            Kind::Node(_) => {
                let body = json!({ "advanceSecs": by.as_secs_f64() }).to_string();
                let reply = super::request(self.addr, "POST", "/_sim/clock", &[], body).await;
                assert_eq!(reply.status, 200, "{}", String::from_utf8_lossy(&reply.body));
            }
        }
    }

    /// Stops the simulator and waits until it has (a Node one: by SIGTERM, as Ctrl-C would).
    pub async fn shutdown(self) {
        match self.kind {
            Kind::Native(simulator) => simulator.shutdown().await,
            Kind::Node(mut child) => child.terminate(),
        }
    }
}

/// The npm command line's script, when one is to be tested.
pub fn node_command() -> Option<String> {
    std::env::var(NODE_COMMAND).ok().filter(|script| !script.is_empty())
}

/// `node SCRIPT ARGS`.
pub fn node_simulator(script: &str) -> Command {
    let mut command = Command::new("node");
    command.arg(script);
    command
}

/// The Node simulator's process, killed when dropped.
#[derive(Debug)]
struct NodeChild {
    child: Child,
    /// Kept open: the process may still write to it.
    _stdout: BufReader<ChildStdout>,
    faults_file: Option<PathBuf>,
}

impl NodeChild {
    fn start(script: &str, config: &Config) -> (NodeChild, SocketAddr) {
        let faults_file = (!config.faults.is_empty()).then(|| {
            static FILES: AtomicUsize = AtomicUsize::new(0);
            let n = FILES.fetch_add(1, Ordering::Relaxed);
            let path = std::env::temp_dir().join(format!("magisterium-sim-faults-{}-{n}.json", std::process::id()));
            std::fs::write(&path, serde_json::to_vec(&config.faults).unwrap()).unwrap();
            path
        });
        let mut child = node_simulator(script)
            .args(flags(config, faults_file.as_ref()))
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("node {script}: {e}"));
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let addr =
            line.trim_end().strip_prefix("listening on http://").unwrap_or_else(|| panic!("first line: {line:?}"));
        let addr = addr.parse().unwrap();
        (NodeChild { child, _stdout: stdout, faults_file }, addr)
    }

    /// SIGTERM, then waits for the exit and checks it was clean.
    fn terminate(&mut self) {
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().unwrap();
        assert!(status.success());
        let exit = self.child.wait().unwrap();
        assert!(exit.success(), "the Node simulator exited with {exit}");
    }
}

impl Drop for NodeChild {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(file) = &self.faults_file {
            let _ = std::fs::remove_file(file);
        }
    }
}

/// The command-line flags of `config`.
fn flags(config: &Config, faults_file: Option<&PathBuf>) -> Vec<String> {
    let mut flags = vec!["--listen".to_string(), config.addr.to_string()];
    let mut add = |flag: &str, value: String| flags.extend([flag.to_string(), value]);
    config.tokens.iter().for_each(|token| add("--token", token.clone()));
    config.free_tokens.iter().for_each(|token| add("--free-token", token.clone()));
    config.allow_hosts.iter().for_each(|host| add("--allow-host", host.clone()));
    add("--rate-default", config.rate_default.to_string());
    add("--rate-expensive", config.rate_expensive.to_string());
    add("--task-ttl-secs", config.task_ttl_secs.to_string());
    add("--max-body-bytes", config.max_body_bytes.to_string());
    add("--access-token-ttl-secs", config.access_token_ttl_secs.to_string());
    let now = config.clock.now().duration_since(SystemTime::UNIX_EPOCH).unwrap();
    add("--frozen-at", now.as_secs().to_string());
    if let Some(file) = faults_file.or(config.faults_file.as_ref()) {
        add("--faults", file.display().to_string());
    }
    for (set, flag) in [
        (config.no_control, "--no-control"),
        (config.auto_approve, "--auto-approve"),
        (config.no_registration_cors, "--no-registration-cors"),
    ] {
        if set {
            flags.push(flag.to_string());
        }
    }
    flags
}
