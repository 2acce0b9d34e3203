//! The third-party A2A agents of the suites, on the official JavaScript SDK
//! (`@a2a-js/sdk` 0.3 and 1.3 with express and cors, from the root
//! package.json), as child processes on free 127.0.0.1 ports:
//! `tests/a2a-agent/server.mjs` (v0.3), whose base URL reaches the browser,
//! Node and page suites as `A2A_AGENT_URL`, and `tests/a2a-agent-v1/server.mjs`
//! (v1.0 agents under `/v1`, `/compat` and `/old`) as `A2A_AGENT_V1_URL`.

use crate::child_server::ChildServer;
use crate::setup;
use crate::shell::{Result, root};
use std::process::Command;

/// The environment variable that carries the v0.3 agent's base URL.
pub const ENV: &str = "A2A_AGENT_URL";

/// The environment variable that carries the v1.0 fixture's base URL.
pub const V1_ENV: &str = "A2A_AGENT_V1_URL";

/// Both fixture servers; each is killed on drop.
pub struct Agents {
    /// `tests/a2a-agent/server.mjs`, at `A2A_AGENT_URL`.
    pub v03: ChildServer,
    /// `tests/a2a-agent-v1/server.mjs`, at `A2A_AGENT_V1_URL`.
    pub v1: ChildServer,
}

impl Agents {
    /// The environment that tells a suite where the agents are, for `Command::envs`.
    pub fn env(&self) -> [(&'static str, &str); 2] {
        [(ENV, &self.v03.url), (V1_ENV, &self.v1.url)]
    }
}

/// Installs the npm tools when missing, then starts both agents.
pub fn start() -> Result<Agents> {
    setup::npm_tools()?;
    Ok(Agents { v03: node_server("tests/a2a-agent/server.mjs")?, v1: node_server("tests/a2a-agent-v1/server.mjs")? })
}

/// Starts `node <script>` (a path from the root) as a child server.
fn node_server(script: &str) -> Result<ChildServer> {
    let mut cmd = Command::new("node");
    cmd.arg(root().join(script)).current_dir(root());
    ChildServer::start(&mut cmd, &format!("the fixture A2A agent ({script})"))
}
