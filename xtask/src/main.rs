//! `cargo xtask <command>`: the one entry point for building and testing
//! `magisterium-a2a`. Each command installs what it needs when it is missing
//! and says what it is doing.

mod agent_server;
mod auth_package;
mod bench;
mod browser;
mod build;
mod bundlers;
mod child_server;
mod code_checks;
mod demo;
mod differential;
mod doc_commands;
#[cfg(test)]
mod doc_links;
mod doctests;
mod example;
mod files;
mod fuzz;
mod hostile_server;
mod import_cycles;
mod interrupt;
mod manifest;
mod markdown;
mod minify;
mod node_suite;
mod node_wasm;
mod npm_packs;
mod orchestrator_page;
mod package_checks;
mod playground;
mod proxy_suite;
mod readme;
mod readme_tables;
mod screenshots;
mod setup;
mod shell;
mod sim;
mod sim_npm;
mod sim_package;
mod sim_suite;
mod size;
mod static_server;
mod suite_clock;
mod tally;
mod test;
mod test_command;
mod test_lane;
mod tools_package;
mod transport_js;
mod typecheck;
mod user_crate;
mod versions;
mod wasm_opt;
mod wordpress;
mod wordpress_zip;
mod workflow_lint;

use std::process::ExitCode;

const HELP: &str = "\
usage: cargo xtask <command>

commands:
  bench   build the package and measure it against plain JavaScript in Chromium: decode, per call, start, size
  demo    build the package, start the simulator and serve the demo page and parish widget (Ctrl-C stops)
  checks  the code checks alone: rustfmt, clippy (natively and on wasm32), import cycles
  build   build the npm package into pkg/ (web, bundler and node targets) and print its gzip size
  screenshots  the demo's parish page on a phone and a desktop, into docs/parish-phone.png and docs/parish-desktop.png
  differential  the differential suite alone, on the package the last `test` installed (DIFFERENTIAL_SEED repeats a run)
  wordpress  build the package and the WordPress plugin, start the simulator and a WordPress with the plugin active (Ctrl-C stops)
  test    run every test suite and print `N passed, N failed` (with suite names, e.g. `test proxy`, those alone)
  versions TAG  the release's check: TAG (v0.1.0) names the version of the crate, of both npm packages and of CHANGELOG.md's newest heading
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") => bench::run(),
        Some("demo") => demo::run(),
        Some("build") => build::run().map(|_| ()),
        Some("checks") => code_checks::command(),
        Some("screenshots") => screenshots::run(),
        Some("differential") => differential::command(),
        Some("test") => test::run(&args[1..]),
        Some("versions") => versions::command(&args[1..]),
        Some("wordpress") => wordpress::run(),
        Some("-h" | "--help" | "help") | None => {
            print!("{HELP}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command `{other}`\n\n{HELP}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
