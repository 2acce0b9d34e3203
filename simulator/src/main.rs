//! `magisterium-sim`: runs the simulator until Ctrl-C or SIGTERM. The first stdout line is
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
    let stop = match stop_signal() {
        Ok(stop) => stop,
        Err(e) => {
            eprintln!("magisterium-sim: cannot listen for Ctrl-C: {e}");
            simulator.shutdown().await;
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
    stop.await;
    simulator.shutdown().await;
    ExitCode::SUCCESS
}

/// A future done on Ctrl-C (SIGINT) or, on Unix, SIGTERM, listening from now on.
fn stop_signal() -> std::io::Result<impl Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
