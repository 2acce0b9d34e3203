//! The third-party A2A agent of the suites: `tests/a2a-agent/server.mjs`, on
//! the official JavaScript SDK (`@a2a-js/sdk` with express and cors, from the
//! root package.json), as a child process on a free 127.0.0.1 port. Its base
//! URL reaches the browser, Node and README suites as `A2A_AGENT_URL`.

use crate::child_server::ChildServer;
use crate::setup;
use crate::shell::{Result, root};
use std::process::Command;

/// The environment variable that carries the agent's base URL.
pub const ENV: &str = "A2A_AGENT_URL";

/// Installs the npm tools when missing, then starts the agent; killed on drop.
pub fn start() -> Result<ChildServer> {
    setup::npm_tools()?;
    let mut cmd = Command::new("node");
    cmd.arg(root().join("tests/a2a-agent/server.mjs")).current_dir(root());
    ChildServer::start(&mut cmd, "the fixture A2A agent (tests/a2a-agent/server.mjs)")
}
