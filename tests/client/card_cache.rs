//! The card cache's bound in count (`sans_io::card_cache::MAX_CARDS`): an
//! orchestrator discovering ever new agents, against a server of the test's
//! own on 127.0.0.1 that serves a card (`max-age=600`) under any base path
//! and counts the requests of each.

use magisterium_a2a::A2AClient;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// How many cards the cache keeps (the core's `MAX_CARDS`).
const MAX_CARDS: usize = 64;

/// A server answering `GET /<base>/.well-known/agent.json` with a 0.3 card
/// kept for 600 s, and how many times each path was asked.
async fn card_server() -> (String, Arc<Mutex<HashMap<String, u32>>>, tokio::task::JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let base = format!("http://{}", listener.local_addr().expect("an address"));
    let counts = Arc::new(Mutex::new(HashMap::new()));
    let (seen, endpoint) = (counts.clone(), format!("{base}/a2a"));
    let server = tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let (seen, endpoint) = (seen.clone(), endpoint.clone());
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") && socket.read(&mut byte).await.unwrap_or(0) == 1 {
                    head.push(byte[0]);
                }
                let head = String::from_utf8_lossy(&head).into_owned();
                let path = head.split(' ').nth(1).unwrap_or_default().to_owned();
                *seen.lock().unwrap().entry(path).or_insert(0) += 1;
                let card = serde_json::json!({"name": "agent", "url": endpoint, "protocolVersion": "0.3.0",
                    "capabilities": {}, "skills": [{"id": "echo", "name": "Echo"}]})
                .to_string();
                let response = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nCache-Control: max-age=600\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{card}",
                    card.len()
                );
                let _ = socket.write_all(response.as_bytes()).await;
            });
        }
    });
    (base, counts, server)
}

#[tokio::test]
async fn ever_new_agents_keep_a_bounded_number_of_cards() {
    let (base, counts, server) = card_server().await;
    let asked = |n: usize| counts.lock().unwrap().get(&format!("/agent-{n}/.well-known/agent.json")).copied();
    // One plain-HTTP client for all (a client of the crate's own per discovery loads the platform's roots each time).
    let tls = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_root_certificates(rustls::RootCertStore::empty())
        .with_no_client_auth();
    let http = magisterium_a2a::reqwest::Client::builder().tls_backend_preconfigured(tls).build().expect("a client");
    let discover = |n: usize| {
        let (builder, url) = (A2AClient::builder().http_client(http.clone()), format!("{base}/agent-{n}"));
        async move { builder.discover(&url).await }
    };
    for n in 0..=MAX_CARDS {
        discover(n).await.expect("the card");
    }
    // The newest is kept (no request); the others were let go to keep it, and are fetched again.
    discover(MAX_CARDS).await.expect("the card");
    assert_eq!(asked(MAX_CARDS), Some(1), "kept for its max-age");
    discover(0).await.expect("the card");
    assert_eq!(asked(0), Some(2), "past {MAX_CARDS} cards, the earlier ones were let go");
    server.abort();
}
