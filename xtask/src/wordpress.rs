//! The WordPress plugin's `wordpress` suite (`php -l`, phpcs and `tests/wordpress` in a throw-away
//! WordPress), and `cargo xtask wordpress`, that WordPress with the plugin
//! active in front of the simulator until Ctrl-C.

use crate::child_server::ChildServer;
use crate::shell::{Result, root};
use crate::sim::SimulatorProcess;
use crate::tally::Tally;
use crate::test_command::node_test_tally;
use crate::wordpress_zip::assembled;
use crate::{build, interrupt, setup};
use std::process::Command;

/// The route of the proxy under a site's URL.
const ROUTE: &str = "/wp-json/magisterium/v1/a2a";

/// The `wordpress` suite: `tests/wordpress` (`php -l` and phpcs on every PHP
/// file, the shortcodes, blocks and settings page in a throw-away WordPress,
/// the widgets of its front page in Chromium, the translations, whose template
/// xgettext remakes) on the plugin as built, against
/// a simulator of its own.
pub fn suite() -> Tally {
    let sim = match setup::wordpress()
        .and_then(|()| setup::chromium())
        .and_then(|()| setup::gettext())
        .and_then(|()| SimulatorProcess::start(&[]))
    {
        Ok(sim) => sim,
        Err(e) => return Tally::broken(&e),
    };
    let mut cmd = Command::new("node");
    cmd.current_dir(root().join("tests/wordpress"))
        .args(["--test", "--test-reporter=spec", "--test-concurrency=1"])
        .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
        .env("MAGISTERIUM_SIMULATOR", &sim.url)
        .env("MAGISTERIUM_SIM_BIN", SimulatorProcess::binary())
        .env("MAGISTERIUM_WP_PLUGIN", assembled(&root().join("pkg")))
        .env("CHROMIUM", setup::CHROMIUM);
    node_test_tally(&mut cmd)
}

/// `cargo xtask wordpress`: builds the package (and the plugin), starts the
/// simulator and a WordPress with the plugin active whose front page holds
/// both shortcodes, prints its two addresses and waits for Ctrl-C.
pub fn run() -> Result<()> {
    build::run()?;
    setup::wordpress()?;
    interrupt::catch()?;
    let sim = SimulatorProcess::start(&[])?;
    let mut cmd = Command::new("node");
    cmd.arg(root().join("tests/wordpress/serve.mjs"))
        .env("MAGISTERIUM_ENDPOINT", sim.endpoint())
        .env("MAGISTERIUM_TOKEN", crate::demo::DEMO_TOKEN)
        .env("MAGISTERIUM_WP_PLUGIN", assembled(&root().join("pkg")));
    let site = ChildServer::start(&mut cmd, "WordPress")?;
    println!();
    println!("wordpress: {}/", site.url);
    println!("proxy: {}{ROUTE}", site.url);
    println!(
        "(the simulator {} is its upstream, with the token {}; Ctrl-C stops everything)",
        sim.endpoint(),
        crate::demo::DEMO_TOKEN
    );
    interrupt::wait();
    drop(site);
    println!("wordpress: stopped");
    Ok(())
}
