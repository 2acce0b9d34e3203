//! A small static file server for the demo, the page and bundler suites and
//! the bench: tower-http's `ServeDir` for each folder mounted under a URL
//! prefix, plus a few generated files, on hyper (the simulator's HTTP stack),
//! on a free 127.0.0.1 port, one request per connection, stopped when dropped.

use crate::shell::Result;
use http_body_util::{BodyExt, Empty, Full};
use hyper::body::Incoming;
use hyper::header::{
    ACCESS_CONTROL_ALLOW_ORIGIN, CACHE_CONTROL, CONNECTION, CONTENT_TYPE, HeaderValue, X_CONTENT_TYPE_OPTIONS,
};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinSet;
use tower_http::services::ServeDir;

/// The body of every answer: a file's, a generated file's, or none.
type ResponseBody = http_body_util::combinators::UnsyncBoxBody<hyper::body::Bytes, std::io::Error>;

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

    /// As [`StaticServer::start`], each answer readable by a page of any
    /// origin (`Access-Control-Allow-Origin: *`): the package's modules, imported from another origin.
    pub fn start_for_any_origin(site: Site) -> Result<StaticServer> {
        StaticServer::reserve()?.serve_to(site, true)
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
        self.serve_to(site, false)
    }

    /// Serves `site`, its answers readable by any origin when `any_origin`.
    fn serve_to(self, site: Site, any_origin: bool) -> Result<StaticServer> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("static server: {e}"))?;
        let Reserved { listener, url } = self;
        let (stop, stopped) = oneshot::channel();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                if let Ok(listener) = TcpListener::from_std(listener) {
                    serve(listener, Arc::new((site, any_origin)), stopped).await;
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
async fn serve(listener: TcpListener, site: Arc<(Site, bool)>, mut stopped: oneshot::Receiver<()>) {
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
async fn serve_connection(site: Arc<(Site, bool)>, stream: tokio::net::TcpStream) {
    let service = service_fn(move |request: Request<Incoming>| {
        let site = Arc::clone(&site);
        async move { Ok::<_, Infallible>(answer(&site.0, site.1, request).await) }
    });
    let _ = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(10))
        .keep_alive(false)
        .title_case_headers(true)
        .serve_connection(TokioIo::new(stream), service)
        .await;
}

/// The response to `request`, never cached nor sniffed (hyper leaves the
/// body out for `HEAD`); readable by any origin when `any_origin`.
async fn answer(site: &Site, any_origin: bool, request: Request<Incoming>) -> Response<ResponseBody> {
    let mut response = lookup(site, request).await;
    let headers = response.headers_mut();
    if any_origin {
        headers.insert(ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    }
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(CONNECTION, HeaderValue::from_static("close"));
    response
}

/// A generated file, or the file of the longest mount whose prefix starts the
/// path, served by tower-http's `ServeDir` (which types it by its extension,
/// answers only `GET` and `HEAD`, and refuses paths that leave its folder).
async fn lookup(site: &Site, request: Request<Incoming>) -> Response<ResponseBody> {
    let path = request.uri().path();
    if let Some((name, body)) = site.files.iter().find(|(name, _)| *name == path) {
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return status(StatusCode::METHOD_NOT_ALLOWED);
        }
        let mut response = Response::new(Full::from(body.clone()).map_err(|never| match never {}).boxed_unsync());
        let content_type = mime_guess::from_path(name).first_or_octet_stream();
        if let Ok(value) = HeaderValue::from_str(content_type.as_ref()) {
            response.headers_mut().insert(CONTENT_TYPE, value);
        }
        return response;
    }
    let mount =
        site.mounts.iter().filter(|(prefix, _)| path.starts_with(prefix)).max_by_key(|(prefix, _)| prefix.len());
    let Some((prefix, dir)) = mount else {
        return status(StatusCode::NOT_FOUND);
    };
    // The path inside the folder; a folder's `index.html` named here, so that
    // `ServeDir` never redirects to a URL without the mount's prefix.
    let index = if path.ends_with('/') { "index.html" } else { "" };
    let inside = format!("/{}{index}", &path[prefix.len()..]);
    let (mut parts, body) = request.into_parts();
    parts.uri = match inside.parse() {
        Ok(uri) => uri,
        Err(_) => return status(StatusCode::BAD_REQUEST),
    };
    let served = ServeDir::new(dir).append_index_html_on_directories(false).try_call(Request::from_parts(parts, body));
    match served.await {
        Ok(response) => response.map(BodyExt::boxed_unsync),
        Err(_) => status(StatusCode::INTERNAL_SERVER_ERROR),
    }
}

/// An empty response with `status`.
fn status(status: StatusCode) -> Response<ResponseBody> {
    let mut response = Response::new(Empty::new().map_err(|never| match never {}).boxed_unsync());
    *response.status_mut() = status;
    response
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
                && home.contains("Content-Type: text/html\r\n")
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
        assert!(get(&server, "GET /../Cargo.toml HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
        assert!(get(&server, "GET //etc/hostname HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
        assert!(get(&server, "GET /%2fetc/hostname HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
        assert!(get(&server, "GET /pkg/%2e%2e/x HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
        assert!(get(&server, "GET /missing.js HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
        assert!(get(&server, "POST / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405"));
        assert!(get(&server, "POST /demo-config.json HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405"));
        assert!(get(&server, "GET /pkg HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"), "no redirect out of the mount");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn only_a_server_for_any_origin_lets_other_origins_read() {
        let (dir, server) = site("origins");
        let request = "GET /pkg/m_bg.wasm HTTP/1.1\r\nOrigin: http://page.example\r\n\r\n";
        assert!(!get(&server, request).contains("Access-Control-Allow-Origin"));
        let open =
            StaticServer::start_for_any_origin(Site { mounts: vec![("/", dir.clone())], files: vec![] }).unwrap();
        let answer = get(&open, request);
        assert!(answer.contains("Access-Control-Allow-Origin: *\r\n") && answer.ends_with("\0asm"), "{answer}");
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
    fn types_files_by_extension_and_never_caches() {
        let (dir, server) = site("types");
        for (name, expected) in [
            ("a.js", "text/javascript"),
            ("a.mjs", "application/javascript"),
            ("a.css", "text/css"),
            ("a.svg", "image/svg+xml"),
            ("a.bin", "application/octet-stream"),
        ] {
            std::fs::write(dir.join("pkg").join(name), "x").unwrap();
            let answer = get(&server, &format!("GET /pkg/{name} HTTP/1.1\r\n\r\n"));
            assert!(answer.contains(&format!("Content-Type: {expected}\r\n")), "{name}: {answer}");
            assert!(answer.contains("Cache-Control: no-store\r\n"), "{answer}");
            assert!(answer.contains("X-Content-Type-Options: nosniff\r\n"), "{answer}");
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}
