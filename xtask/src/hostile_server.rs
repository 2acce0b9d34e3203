//! A raw-TCP fixture for the browser suite: answers what no well-kept HTTP
//! stack will send (duplicate `Content-Length`, invalid UTF-8, a body shorter
//! than announced, broken chunking, not HTTP at all), one case per path,
//! with CORS so the page sees what the browser makes of it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};

/// A running fixture; it serves until the process ends.
pub struct HostileServer {
    /// `http://127.0.0.1:PORT`.
    pub url: String,
}

/// A JSON-RPC success for `document_search`, `{{id}}` standing for the request id.
const SEARCH_RESULT: &str = r#"{"jsonrpc":"2.0","id":{{id}},"result":{"kind":"task","id":"t-raw","contextId":"c-raw","status":{"state":"completed"},"artifacts":[{"artifactId":"a","name":"search_results","parts":[{"kind":"data","data":{"results":[{"id":"1","url":"https://example.org/1","title":"TITLE"}]}}]}]}}"#;

impl HostileServer {
    /// Binds 127.0.0.1 on a free port and serves on a background thread.
    pub fn start() -> std::io::Result<HostileServer> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let url = format!("http://{}", listener.local_addr()?);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                std::thread::spawn(move || {
                    let _ = answer(stream);
                });
            }
        });
        Ok(HostileServer { url })
    }
}

/// Reads one request and writes the case its path names.
fn answer(mut stream: TcpStream) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0).min(1 << 20);
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    let mut parts = request_line.split_whitespace();
    let (method, path) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let cors = "Access-Control-Allow-Origin: *\r\nAccess-Control-Allow-Methods: POST, OPTIONS\r\nAccess-Control-Allow-Headers: Content-Type, Authorization\r\n";
    if method == "OPTIONS" {
        return stream.write_all(format!("HTTP/1.1 204 No Content\r\n{cors}Connection: close\r\n\r\n").as_bytes());
    }
    let id = request_id(&String::from_utf8_lossy(&body));
    let json = SEARCH_RESULT.replace("{{id}}", &id);
    let head = |extra: &str| {
        format!("HTTP/1.1 200 OK\r\n{cors}Content-Type: application/json\r\nConnection: close\r\n{extra}\r\n")
    };
    let response: Vec<u8> = match path.trim_start_matches('/') {
        "duplicate-content-length" => {
            let n = json.len();
            [head(&format!("Content-Length: {n}\r\nContent-Length: {}\r\n", n + 5)).as_bytes(), json.as_bytes()]
                .concat()
        }
        "invalid-utf8" => {
            let (before, after) = json.split_once("TITLE").unwrap_or((&json, ""));
            let body = [before.as_bytes(), b"bad \xff\xfe bytes", after.as_bytes()].concat();
            [head(&format!("Content-Length: {}\r\n", body.len())).into_bytes(), body].concat()
        }
        "short-body" => [head("Content-Length: 100000\r\n").as_bytes(), &json.as_bytes()[..40]].concat(),
        "bad-chunking" => [head("Transfer-Encoding: chunked\r\n").as_bytes(), b"zz\r\nnot a chunk\r\n"].concat(),
        "not-http" => b"SSH-2.0-OpenSSH_9.2\r\nProtocol mismatch.\r\n".to_vec(),
        _ => format!("HTTP/1.1 404 Not Found\r\n{cors}Content-Length: 0\r\nConnection: close\r\n\r\n").into_bytes(),
    };
    stream.write_all(&response)?;
    stream.flush()
}

/// The JSON-RPC `id` of the client's request body (`"id":N`), or `null`.
fn request_id(body: &str) -> String {
    let Some(rest) = body.split_once("\"id\":").map(|(_, rest)| rest) else {
        return "null".into();
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() { "null".into() } else { digits }
}

#[cfg(test)]
mod tests {
    use super::request_id;

    #[test]
    fn reads_the_request_id() {
        assert_eq!(request_id(r#"{"jsonrpc":"2.0","id":42,"method":"m"}"#), "42");
        assert_eq!(request_id("{}"), "null");
    }
}
