//! The native server: binding, the accept loop, reading request bodies, playing the
//! [`Handler`]'s responses, and shutdown.

mod body;

use std::fmt;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::{JoinHandle, JoinSet};

use crate::card::ENDPOINT_PATH;
use crate::clock::Clock;
use crate::config::Config;
use crate::faults::FaultRule;
use crate::handler::Handler;
use crate::http::ResponseBody;
use body::{PlayedBody, read_body};

/// A simulator serving in the background on the tokio runtime it was started on.
///
/// Call [`Simulator::shutdown`] to stop it and wait; dropping it also stops it, without waiting.
#[derive(Debug)]
pub struct Simulator {
    addr: SocketAddr,
    clock: Clock,
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Simulator {
    /// Binds `config.addr` (e.g. `127.0.0.1:0`), arms the configured faults and serves in the
    /// background on the current tokio runtime.
    ///
    /// Fails if the address cannot be bound, or if the faults file cannot be read
    /// (`NotFound`, …) or holds invalid rules (`InvalidData`).
    pub async fn start(config: Config) -> io::Result<Simulator> {
        let faults = initial_faults(&config)?;
        let listener = TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        let handler = Arc::new(Handler::new(&config, faults, addr));
        let clock = handler.clock().clone();
        let (stop, stopped) = watch::channel(false);
        let task = tokio::spawn(serve(listener, handler, stopped));
        Ok(Simulator { addr, clock, stop, task })
    }

    /// The bound address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The base URL, e.g. `http://127.0.0.1:8787`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The A2A endpoint URL, e.g. `http://127.0.0.1:8787/api/v1/a2a`.
    pub fn endpoint(&self) -> String {
        format!("{}{ENDPOINT_PATH}", self.url())
    }

    /// The simulator's clock (shared: advancing it moves the server's time).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Stops accepting, closes every open connection and waits for the server task to end.
    pub async fn shutdown(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}

fn initial_faults(config: &Config) -> io::Result<Vec<FaultRule>> {
    let mut faults = match &config.faults_file {
        Some(path) => {
            let bytes = std::fs::read(path)
                .map_err(|e| io::Error::new(e.kind(), format!("cannot read {}: {e}", path.display())))?;
            FaultRule::list_from_json(&bytes)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("{}: {e}", path.display())))?
        }
        None => Vec::new(),
    };
    for rule in &config.faults {
        rule.validate().map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        faults.push(rule.clone());
    }
    Ok(faults)
}

/// Accepts connections until told to stop (or the [`Simulator`] is dropped), then aborts them all.
async fn serve(listener: TcpListener, handler: Arc<Handler>, mut stopped: watch::Receiver<bool>) {
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            _ = stopped.changed() => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    connections.spawn(serve_connection(stream, peer, Arc::clone(&handler)));
                }
                // Out of file descriptors and the like: back off instead of spinning.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
}

async fn serve_connection(mut stream: TcpStream, peer: SocketAddr, handler: Arc<Handler>) {
    let _ = stream.set_nodelay(true);
    let service = service_fn(move |request| {
        let handler = Arc::clone(&handler);
        async move { answer(&handler, request, peer).await }
    });
    // Errors here are the client's (reset, malformed HTTP) or a fault's answer that hyper must not send.
    let served =
        http1::Builder::new().timer(TokioTimer::new()).serve_connection(TokioIo::new(&mut stream), service).await;
    let unsent = served.as_ref().err().and_then(std::error::Error::source).and_then(|e| e.downcast_ref::<Unsent>());
    if let Some(Unsent(raw)) = unsent
        && !raw.is_empty()
    {
        // Until the client goes away, which it may do before reading it all.
        let _ = stream.write_all(raw).await;
        let _ = stream.shutdown().await;
    }
}

/// Returned to hyper to end a connection without its answer: these bytes are written raw
/// instead, then the connection is closed (none: the `drop` fault).
#[derive(Debug)]
struct Unsent(Bytes);

impl fmt::Display for Unsent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the answer is not sent by hyper (fault injection)")
    }
}

impl std::error::Error for Unsent {}

/// Reads the body of `request` (up to the handler's limit for its path), lets the handler
/// answer, and plays its answer.
async fn answer(
    handler: &Handler,
    request: Request<Incoming>,
    peer: SocketAddr,
) -> Result<Response<PlayedBody>, Unsent> {
    let limit = handler.body_limit(request.uri().path());
    let (head, body) = request.into_parts();
    let body = read_body(body, limit).await;
    let (head, mut body) = handler.handle(Request::from_parts(head, body), peer.ip()).into_parts();
    while let ResponseBody::Delayed { delay_ms, body: then } = body {
        tokio::time::sleep(Duration::from_millis(delay_ms)).await;
        body = *then;
    }
    match body {
        ResponseBody::Drop => Err(Unsent(Bytes::new())),
        ResponseBody::Raw(raw) => Err(Unsent(raw)),
        body => Ok(Response::from_parts(head, PlayedBody::new(body))),
    }
}
