//! The simulator's logic ([`magisterium_sim::Handler`]) for a JS host: `simulator/bin/simulator.mjs`
//! (the npm package `magisterium-a2a-simulator`) parses the native flags with [`Options`], binds a
//! Node HTTP server, and lets a [`Simulator`] answer each request with an [`Answer`] it plays
//! (delays, streams, dropped connections). The clock is `Date.now()`.

#![cfg(target_arch = "wasm32")]

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, SystemTime};

use bytes::Bytes;
use clap::{CommandFactory, FromArgMatches};
use http::{HeaderName, HeaderValue, Request};
use js_sys::{Array, Uint8Array};
use magisterium_sim::{Clock, Config, FaultRule, GzipBody, Handler, RequestBody, ResponseBody};
use wasm_bindgen::prelude::*;

/// The command, as `--help` names it.
const COMMAND: &str = "magisterium-a2a-simulator";

/// The host's clock.
fn now() -> SystemTime {
    // Milliseconds since the epoch, a whole non-negative number well inside u64.
    SystemTime::UNIX_EPOCH + Duration::from_millis(js_sys::Date::now() as u64)
}

/// An error whose `message` is `text` and whose `exitCode` is `code`.
fn error(text: &str, code: i32) -> JsValue {
    let error = js_sys::Error::new(text);
    let _ = js_sys::Reflect::set(&error, &"exitCode".into(), &code.into());
    error.into()
}

/// The settings of a simulator, from the native simulator's flags.
#[wasm_bindgen]
pub struct Options {
    config: Config,
}

#[wasm_bindgen]
impl Options {
    /// Parses `args` (the flags after `magisterium-a2a-simulator`). Throws an error with the
    /// text clap prints and its `exitCode`: 0 for `--help` and `--version`, 2 for a usage error.
    #[wasm_bindgen(constructor)]
    pub fn new(args: Vec<String>) -> Result<Options, JsValue> {
        let command = Config::command().name(COMMAND).bin_name(format!("npx {COMMAND}"));
        let matches = command
            .try_get_matches_from(std::iter::once(COMMAND.to_string()).chain(args))
            .map_err(|e| error(&e.render().to_string(), e.exit_code()))?;
        let config = Config::from_arg_matches(&matches).map_err(|e| error(&e.render().to_string(), 2))?;
        Ok(Options { config })
    }

    /// The address to listen on, `HOST:PORT`.
    #[wasm_bindgen(getter)]
    pub fn host(&self) -> String {
        self.config.addr.ip().to_string()
    }

    /// The port to listen on (0: a free one).
    #[wasm_bindgen(getter)]
    pub fn port(&self) -> u16 {
        self.config.addr.port()
    }

    /// The `--faults` file, whose text the host reads and passes to [`Simulator::new`].
    #[wasm_bindgen(getter, js_name = faultsFile)]
    pub fn faults_file(&self) -> Option<String> {
        self.config.faults_file.as_ref().map(|path| path.display().to_string())
    }
}

/// A simulator's state and routes.
#[wasm_bindgen]
pub struct Simulator {
    handler: Handler,
}

#[wasm_bindgen]
impl Simulator {
    /// A simulator for `options`, the rules of the `--faults` file armed (`faults`: its text),
    /// bound to `local_addr` (`HOST:PORT`). Throws if the rules are invalid.
    #[wasm_bindgen(constructor)]
    pub fn new(options: &Options, faults: Option<String>, local_addr: &str) -> Result<Simulator, JsValue> {
        let mut config = options.config.clone();
        config.clock = Clock::from_source(now);
        let file = options.faults_file().unwrap_or_default();
        let rules = match faults {
            Some(text) => FaultRule::list_from_json(text.as_bytes()).map_err(|e| error(&format!("{file}: {e}"), 1))?,
            None => Vec::new(),
        };
        let local_addr = local_addr.parse().unwrap_or(SocketAddr::from((Ipv4Addr::LOCALHOST, config.addr.port())));
        Ok(Simulator { handler: Handler::new(&config, rules, local_addr) })
    }

    /// The most bytes of a request body to `path` to keep; past it, pass `tooLarge`.
    #[wasm_bindgen(js_name = bodyLimit)]
    pub fn body_limit(&self, path: &str) -> usize {
        self.handler.body_limit(path)
    }

    /// Answers a request: `target` is the request line's path and query, `headers` the raw
    /// headers as name, value, name, value…, `body` the body read (`undefined`: more than
    /// [`Simulator::body_limit`]), `peer` the client's IP address. Throws on a request line
    /// that is not HTTP (the host answers 400).
    pub fn handle(
        &self,
        method: &str,
        target: &str,
        headers: Vec<String>,
        body: Option<Vec<u8>>,
        peer: &str,
    ) -> Result<Answer, JsValue> {
        let mut request = Request::builder().method(method).uri(target);
        for pair in headers.chunks_exact(2) {
            if let (Ok(name), Ok(value)) = (HeaderName::from_bytes(pair[0].as_bytes()), HeaderValue::from_str(&pair[1]))
            {
                request = request.header(name, value);
            }
        }
        let body = body.map_or(RequestBody::TooLarge, |bytes| RequestBody::Complete(Bytes::from(bytes)));
        let request = request.body(body).map_err(|e| error(&e.to_string(), 1))?;
        let peer = peer.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        let (head, mut body) = self.handler.handle(request, peer).into_parts();
        let mut delay_ms = 0u64;
        while let ResponseBody::Delayed { delay_ms: delay, body: then } = body {
            delay_ms = delay_ms.saturating_add(delay);
            body = *then;
        }
        let headers = head
            .headers
            .iter()
            .flat_map(|(name, value)| {
                [name.as_str().to_string(), String::from_utf8_lossy(value.as_bytes()).into_owned()]
            })
            .collect();
        Ok(Answer { status: head.status.as_u16(), headers, delay_ms, body })
    }
}

/// A response for the host to play: wait [`Answer::delay_ms`], then by [`Answer::kind`].
#[wasm_bindgen]
pub struct Answer {
    status: u16,
    headers: Vec<String>,
    delay_ms: u64,
    body: ResponseBody,
}

#[wasm_bindgen]
impl Answer {
    /// The HTTP status.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The headers as name, value, name, value…
    #[wasm_bindgen(getter)]
    pub fn headers(&self) -> Vec<String> {
        self.headers.clone()
    }

    /// Milliseconds to wait before answering.
    #[wasm_bindgen(getter, js_name = delayMs)]
    pub fn delay_ms(&self) -> f64 {
        self.delay_ms as f64
    }

    /// How to send the body: `full` ([`Answer::bytes`]), `endless` ([`Answer::bytes`], then
    /// [`Answer::chunk`] at once and every [`Answer::every_ms`] until the client goes away),
    /// `gzip` ([`Answer::next_gzip`] until `undefined`), `drop` (close the connection, sending
    /// nothing), `raw` (write [`Answer::bytes`] to the socket instead of an answer, then close)
    /// or `events` ([`Answer::events`]).
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        match &self.body {
            ResponseBody::Full(_) | ResponseBody::Delayed { .. } => "full",
            ResponseBody::Endless { .. } => "endless",
            ResponseBody::Gzip(_) => "gzip",
            ResponseBody::Drop => "drop",
            ResponseBody::Raw(_) => "raw",
            ResponseBody::Events(_) => "events",
        }
        .to_string()
    }

    /// The whole body (`full`), the bytes before the chunks (`endless`) or the raw answer (`raw`).
    pub fn bytes(&self) -> Vec<u8> {
        match &self.body {
            ResponseBody::Full(Some(bytes)) | ResponseBody::Endless { head: bytes, .. } | ResponseBody::Raw(bytes) => {
                bytes.to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// What `endless` repeats.
    pub fn chunk(&self) -> Vec<u8> {
        match &self.body {
            ResponseBody::Endless { chunk, .. } => chunk.to_vec(),
            _ => Vec::new(),
        }
    }

    /// The pause between `endless` chunks in milliseconds (0: as fast as the client reads).
    #[wasm_bindgen(getter, js_name = everyMs)]
    pub fn every_ms(&self) -> f64 {
        match &self.body {
            ResponseBody::Endless { every_ms, .. } => *every_ms as f64,
            _ => 0.0,
        }
    }

    /// The next compressed bytes of a `gzip` body; `undefined` once all was given.
    #[wasm_bindgen(js_name = nextGzip)]
    pub fn next_gzip(&mut self) -> Option<Vec<u8>> {
        match &mut self.body {
            ResponseBody::Gzip(body) => GzipBody::next_step(body).map(|bytes| bytes.to_vec()),
            _ => None,
        }
    }

    /// The `events`: `[delayMs, bytes]` pairs, each event sent after its delay.
    pub fn events(&self) -> Array {
        let events = Array::new();
        if let ResponseBody::Events(list) = &self.body {
            for (delay_ms, event) in list {
                events.push(&Array::of2(&JsValue::from(*delay_ms as f64), &Uint8Array::from(event.as_ref())));
            }
        }
        events
    }
}
