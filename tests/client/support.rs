//! What the native client tests share: a simulator started in-process on a
//! port of its own, its `/_sim/` controls, and clients of it.

use magisterium_a2a::{Client, ClientBuilder};
use magisterium_sim::{Config, Simulator};
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A recorded response of `tests/fixtures/responses`.
#[macro_export]
macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/responses/", $name))
    };
}

/// A simulator on 127.0.0.1 with a free port, limits too high to get in the
/// way (tests about limits set their own per token); stopped when dropped.
pub async fn simulator() -> Simulator {
    let config = Config {
        addr: "127.0.0.1:0".parse().expect("an address"),
        rate_default: "1000/60s".parse().expect("a rate"),
        rate_expensive: "1000/60s".parse().expect("a rate"),
        ..Config::default()
    };
    Simulator::start(config).await.expect("the simulator starts")
}

/// POSTs `body` to a `/_sim/` control route; panics unless it answers 200.
pub async fn control(sim: &Simulator, path: &str, body: &str) {
    let mut stream = TcpStream::connect(sim.addr()).await.expect("the simulator accepts");
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        sim.addr(),
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("the request is written");
    let mut response = String::new();
    stream.read_to_string(&mut response).await.expect("the response is read");
    assert!(response.starts_with("HTTP/1.1 200"), "{path} refused {body}: {response}");
}

/// A fresh paid-plan token; `limits` is extra JSON members, e.g. `"rateDefault":"1/1s"`.
pub async fn fresh_token(sim: &Simulator, limits: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let token = format!("native-test-token-{}", NEXT.fetch_add(1, Ordering::Relaxed));
    let extra = if limits.is_empty() { String::new() } else { format!(",{limits}") };
    control(sim, "/_sim/tokens", &format!(r#"{{"token":"{token}","plan":"paid"{extra}}}"#)).await;
    token
}

/// Arms the fault `name` for requests with `token`; `params` is extra JSON members.
pub async fn fault(sim: &Simulator, token: &str, name: &str, params: &str) {
    let extra = if params.is_empty() { String::new() } else { format!(",{params}") };
    control(sim, "/_sim/faults", &format!(r#"{{"fault":"{name}","token":"{token}"{extra}}}"#)).await;
}

/// Arms a `result` fault answering the `result` of a recorded response, `times` times.
pub async fn recorded(sim: &Simulator, token: &str, response: &str, times: u32) {
    let result = &serde_json::from_str::<serde_json::Value>(response).expect("a JSON fixture")["result"];
    fault(sim, token, "result", &format!(r#""result":{result},"times":{times}"#)).await;
}

/// A builder for the simulator with `token`.
pub fn options(sim: &Simulator, token: &str) -> ClientBuilder {
    Client::builder().token(token).endpoint(sim.endpoint())
}

/// A client with a fresh token of its own, and the token.
pub async fn own_client(sim: &Simulator) -> (Client, String) {
    let token = fresh_token(sim, "").await;
    (options(sim, &token).build().expect("options accepted"), token)
}
