//! A small static file server for the demo, the page and bundler suites and
//! the bench, on hyper (the simulator's HTTP stack): folders mounted under URL
//! prefixes plus a few generated files, on a free 127.0.0.1 port, one request
//! per connection, stopped when dropped.

use crate::shell::Result;
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{CACHE_CONTROL, CONNECTION, CONTENT_TYPE, HeaderValue, X_CONTENT_TYPE_OPTIONS};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinSet;

/// What the server answers.
pub struct Site {
    /// `(URL prefix, folder)`: a prefix starts and ends with `/`; the longest matching one wins.
    pub mounts: Vec<(&'static str, PathBuf)>,
    /// `(URL path, body)`: files made in memory, typed by their extension.
    pub files: Vec<(&'static str, String)>,
}

/// A running server; stops, closing its connections, when dropped.
pub struct StaticServer {
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// A free loopback port bound for a static server that does not serve yet:
/// its URL is known before the site is made (a site may name it).
pub struct Reserved {
    listener: std::net::TcpListener,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
}

impl StaticServer {
    /// Binds a free loopback port and serves `site` on a thread of its own.
    pub fn start(site: Site) -> Result<StaticServer> {
        StaticServer::reserve()?.serve(site)
    }

    /// Binds a free loopback port, to serve a site on later.
    pub fn reserve() -> Result<Reserved> {
        let failed = |e: std::io::Error| format!("static server: {e}");
        let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(failed)?;
        listener.set_nonblocking(true).map_err(failed)?;
        let url = format!("http://{}", listener.local_addr().map_err(failed)?);
        Ok(Reserved { listener, url })
    }
}

impl Reserved {
    /// Serves `site` on the reserved port, on a thread of its own.
    pub fn serve(self, site: Site) -> Result<StaticServer> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("static server: {e}"))?;
        let Reserved { listener, url } = self;
        let (stop, stopped) = oneshot::channel();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                if let Ok(listener) = TcpListener::from_std(listener) {
                    serve(listener, Arc::new(site), stopped).await;
                }
            });
        });
        Ok(StaticServer { url, stop: Some(stop), thread: Some(thread) })
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Accepts connections until told to stop, then aborts the open ones.
async fn serve(listener: TcpListener, site: Arc<Site>, mut stopped: oneshot::Receiver<()>) {
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            _ = &mut stopped => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    connections.spawn(serve_connection(Arc::clone(&site), stream));
                }
                // Out of file descriptors and the like: back off instead of spinning.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
}

/// Answers one request and closes the connection.
async fn serve_connection(site: Arc<Site>, stream: tokio::net::TcpStream) {
    let service = service_fn(move |request: Request<Incoming>| {
        let site = Arc::clone(&site);
        async move { Ok::<_, Infallible>(answer(&site, &request)) }
    });
    let _ = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(10))
        .keep_alive(false)
        .title_case_headers(true)
        .serve_connection(TokioIo::new(stream), service)
        .await;
}

/// The response to `request` (hyper leaves the body out for `HEAD`).
fn answer(site: &Site, request: &Request<Incoming>) -> Response<Full<Bytes>> {
    let (status, content_type, body) = match *request.method() {
        Method::GET | Method::HEAD => lookup(site, request.uri().path()),
        _ => text(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD"),
    };
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(CONNECTION, HeaderValue::from_static("close"));
    response
}

/// A response before it is written: status, `Content-Type`, body.
type Reply = (StatusCode, &'static str, Vec<u8>);

/// A plain-text reply.
fn text(status: StatusCode, message: &str) -> Reply {
    (status, "text/plain; charset=utf-8", format!("{message}\n").into_bytes())
}

/// The answer to `GET path`.
fn lookup(site: &Site, path: &str) -> Reply {
    if !path.starts_with('/') || ["..", "//", "\\", "\0"].iter().any(|bad| path.contains(bad)) {
        return text(StatusCode::BAD_REQUEST, "bad path");
    }
    if let Some((_, body)) = site.files.iter().find(|(p, _)| *p == path) {
        return (StatusCode::OK, content_type(Path::new(path)), body.clone().into_bytes());
    }
    let mount =
        site.mounts.iter().filter(|(prefix, _)| path.starts_with(prefix)).max_by_key(|(prefix, _)| prefix.len());
    let Some((prefix, dir)) = mount else {
        return text(StatusCode::NOT_FOUND, "not found");
    };
    let mut file = dir.join(&path[prefix.len()..]);
    if path.ends_with('/') {
        file.push("index.html");
    }
    match std::fs::read(&file) {
        Ok(body) => (StatusCode::OK, content_type(&file), body),
        Err(_) => text(StatusCode::NOT_FOUND, "not found"),
    }
}

/// The `Content-Type` of a file, by its extension.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" | "cjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ts" | "md" | "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpStream;

    fn get(server: &StaticServer, request: &str) -> String {
        let mut stream = TcpStream::connect(server.url.trim_start_matches("http://")).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }

    fn site(name: &str) -> (PathBuf, StaticServer) {
        let dir = std::env::temp_dir().join(format!("xtask-static-{name}-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("pkg")).unwrap();
        std::fs::write(dir.join("index.html"), "<p>home</p>").unwrap();
        std::fs::write(dir.join("pkg/m_bg.wasm"), b"\0asm").unwrap();
        let site = Site {
            mounts: vec![("/", dir.clone()), ("/pkg/", dir.join("pkg"))],
            files: vec![("/demo-config.json", "{\"a\":1}".into())],
        };
        (dir, StaticServer::start(site).unwrap())
    }

    #[test]
    fn serves_files_mounts_and_generated_files_with_their_types() {
        let (dir, server) = site("serves");
        let home = get(&server, "GET /?x=1 HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(
            home.starts_with("HTTP/1.1 200 OK\r\n")
                && home.contains("text/html; charset=utf-8")
                && home.ends_with("<p>home</p>"),
            "{home}"
        );
        let wasm = get(&server, "GET /pkg/m_bg.wasm HTTP/1.1\r\n\r\n");
        assert!(
            wasm.contains("Content-Type: application/wasm\r\n") && wasm.contains("Content-Length: 4\r\n"),
            "{wasm}"
        );
        let config = get(&server, "GET /demo-config.json HTTP/1.1\r\n\r\n");
        assert!(config.contains("application/json") && config.ends_with("{\"a\":1}"), "{config}");
        let head = get(&server, "HEAD /index.html HTTP/1.1\r\n\r\n");
        assert!(head.contains("Content-Length: 11\r\n") && head.ends_with("\r\n\r\n"), "{head}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn refuses_escapes_unknown_paths_and_other_methods() {
        let (dir, server) = site("refuses");
        assert!(get(&server, "GET /../Cargo.toml HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 400"));
        assert!(get(&server, "GET //etc/hostname HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 400"));
        assert!(get(&server, "GET /pkg/%2e%2e/x HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
        assert!(get(&server, "GET /missing.js HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
        assert!(get(&server, "POST / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn stops_listening_when_dropped() {
        let (dir, server) = site("stops");
        let address = server.url.trim_start_matches("http://").to_owned();
        assert!(get(&server, "GET / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 200"));
        drop(server);
        assert!(TcpStream::connect(&address).is_err(), "{address} still accepts");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn types_files_by_extension() {
        for (name, expected) in [
            ("a.js", "text/javascript; charset=utf-8"),
            ("a.css", "text/css; charset=utf-8"),
            ("a.svg", "image/svg+xml"),
            ("a.bin", "application/octet-stream"),
        ] {
            assert_eq!(content_type(Path::new(name)), expected);
        }
    }
}
