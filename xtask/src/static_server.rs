//! A small static file server (std only) for the demo and its page tests:
//! folders mounted under URL prefixes plus a few generated files, on a free
//! 127.0.0.1 port, one thread per connection, stopped when dropped.

use crate::shell::Result;
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What the server answers.
pub struct Site {
    /// `(URL prefix, folder)`: a prefix starts and ends with `/`; the longest matching one wins.
    pub mounts: Vec<(&'static str, PathBuf)>,
    /// `(URL path, body)`: files made in memory, typed by their extension.
    pub files: Vec<(&'static str, String)>,
}

/// A running server; stops accepting when dropped.
pub struct StaticServer {
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
}

impl StaticServer {
    /// Binds a free loopback port and serves `site` on background threads.
    pub fn start(site: Site) -> Result<StaticServer> {
        let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("static server: {e}"))?;
        let addr = listener.local_addr().map_err(|e| format!("static server: {e}"))?;
        let stop = Arc::new(AtomicBool::new(false));
        let (site, stopping) = (Arc::new(site), Arc::clone(&stop));
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let site = Arc::clone(&site);
                std::thread::spawn(move || serve_connection(&site, stream));
            }
        });
        Ok(StaticServer { url: format!("http://{addr}"), addr, stop })
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(200));
    }
}

/// A response before it is written.
struct Reply {
    status: &'static str,
    content_type: &'static str,
    body: Vec<u8>,
}

impl Reply {
    fn text(status: &'static str, message: &str) -> Reply {
        Reply { status, content_type: "text/plain; charset=utf-8", body: format!("{message}\n").into_bytes() }
    }
}

/// Reads one request, answers it and closes the connection.
fn serve_connection(site: &Site, stream: TcpStream) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut reader = BufReader::new(&stream);
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    // Skip the headers: nothing in them changes the answer.
    let mut header = String::new();
    while reader.read_line(&mut header).is_ok_and(|n| n > 0 && header.trim() != "") {
        header.clear();
    }
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let reply = match method {
        "GET" | "HEAD" => lookup(site, target),
        _ => Reply::text("405 Method Not Allowed", "only GET and HEAD"),
    };
    let head = format!(
        "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        reply.status,
        reply.content_type,
        reply.body.len()
    );
    let mut stream = &stream;
    let _ = stream.write_all(head.as_bytes());
    if method != "HEAD" {
        let _ = stream.write_all(&reply.body);
    }
    let _ = stream.flush();
}

/// The answer to `GET target`.
fn lookup(site: &Site, target: &str) -> Reply {
    let path = target.split(['?', '#']).next().unwrap_or("");
    if !path.starts_with('/') || ["..", "//", "\\", "\0"].iter().any(|bad| path.contains(bad)) {
        return Reply::text("400 Bad Request", "bad path");
    }
    if let Some((_, body)) = site.files.iter().find(|(p, _)| *p == path) {
        return Reply {
            status: "200 OK",
            content_type: content_type(Path::new(path)),
            body: body.clone().into_bytes(),
        };
    }
    let mount =
        site.mounts.iter().filter(|(prefix, _)| path.starts_with(prefix)).max_by_key(|(prefix, _)| prefix.len());
    let Some((prefix, dir)) = mount else {
        return Reply::text("404 Not Found", "not found");
    };
    let mut file = dir.join(&path[prefix.len()..]);
    if path.ends_with('/') {
        file.push("index.html");
    }
    match std::fs::read(&file) {
        Ok(body) => Reply { status: "200 OK", content_type: content_type(&file), body },
        Err(_) => Reply::text("404 Not Found", "not found"),
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
    use std::io::Read;

    fn get(server: &StaticServer, request: &str) -> String {
        let mut stream = TcpStream::connect(server.addr).unwrap();
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
