//! `magisterium-sim`: runs the simulator until Ctrl-C. The first stdout line is
//! `listening on http://HOST:PORT`, so tools can read the port.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use magisterium_sim::{Config, Simulator};

#[tokio::main]
async fn main() -> ExitCode {
    let config = Config::parse();
    let simulator = match Simulator::start(config).await {
        Ok(simulator) => simulator,
        Err(e) => {
            eprintln!("magisterium-sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut stdout = std::io::stdout().lock();
    let announced = writeln!(stdout, "listening on {}", simulator.url()).and_then(|()| stdout.flush());
    drop(stdout);
    if let Err(e) = announced {
        eprintln!("magisterium-sim: cannot write to stdout: {e}");
        simulator.shutdown().await;
        return ExitCode::FAILURE;
    }
    if let Err(e) = tokio::signal::ctrl_c().await {
        eprintln!("magisterium-sim: cannot wait for Ctrl-C: {e}");
    }
    simulator.shutdown().await;
    ExitCode::SUCCESS
}
