//! `magisterium-a2a`: a typed client for the Magisterium AI A2A endpoint
//! (JSON-RPC 2.0 over HTTP, OAuth Bearer tokens), for Rust programs natively
//! and on `wasm32-unknown-unknown` in the browser (Leptos, Yew, Dioxus, plain
//! wasm-bindgen), and the core of the npm package of the same name.
//!
//! ```
//! # #[cfg(all(feature = "reqwest", not(target_arch = "wasm32")))]
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), magisterium_a2a::Error> {
//! # // Runs against a simulator when one is named (`cargo run -p magisterium-sim`).
//! # let Ok(endpoint) = std::env::var("MAGISTERIUM_ENDPOINT") else { return Ok(()) };
//! use magisterium_a2a::{AskOptions, Client, ErrorCode};
//!
//! let client = Client::builder()
//!     .token("demo-token")
//!     .endpoint(endpoint) // e.g. "http://127.0.0.1:8787/api/v1/a2a"
//!     .build()?;
//! let answer = client.ask("What is grace?").await?; // QaAnswer { text, citations, related_questions, task_id, context_id }
//! let more = client.ask_with("Tell me more.", AskOptions::default().context_id(&answer.context_id)).await?;
//! let hits = client.search_documents("grace").await?; // Vec<SearchResult { id, url, title }>
//! let doc = client.fetch_document(&hits[0].id).await?; // Option<MagisteriumDocument { id, title, author, reference, text }>
//! let readings = client.mass_readings("Easter Sunday 2026").await?; // Option<String>
//! let saints = client.saints_of_the_day("2026-03-19").await?; // Option<String>
//! let task = client.get_task(&answer.task_id).await?; // Task (the A2A task, typed)
//! let err = client.get_task("no-such-task").await.unwrap_err();
//! assert_eq!(err.code(), ErrorCode::TaskNotFound); // plus rpc_code(), http_status(), retry_after(), task_id()
//! # assert_eq!(more.context_id, answer.context_id);
//! # assert!(doc.is_some() && readings.is_some() && saints.is_some());
//! # assert_eq!(task.id, answer.task_id);
//! # Ok(())
//! # }
//! # #[cfg(not(all(feature = "reqwest", not(target_arch = "wasm32"))))]
//! # fn main() {}
//! ```
//!
//! # The Rust client
//! [`Client`] is `Clone`; its methods are `async` and return owned results
//! ([`QaAnswer`], [`SearchResult`], [`MagisteriumDocument`], [`Task`]) or an [`Error`]
//! with a stable [`ErrorCode`]. Natively the futures are `Send` (run them on
//! tokio); on wasm32 they run on the page's executor
//! (`wasm_bindgen_futures::spawn_local`, or the UI framework's). Dropping a
//! future cancels its call, and aborts its request.
//!
//! Every policy is the npm client's, written once in the crate's sans-IO core: calls retry
//! RATE_LIMITED after its `retryAfter` (up to [`ClientBuilder::max_retry_wait`]),
//! repeat only what is safe to repeat (`tasks/get`, `tasks/cancel`; a
//! `message/send` only after a 503), refresh a [`TokenProvider`]'s token once
//! after UNAUTHORIZED, wait for the client-side limiter's slot (a [`Rate`]
//! per pool), and end at their time limit (TIMEOUT). A response body is read
//! as it arrives and never past [`ClientBuilder::max_response_bytes`]; a token is never sent
//! over plain `http:` to anything but loopback (`localhost`, `127.0.0.0/8`,
//! `[::1]`; not `*.localhost`, which the system's resolver may ask DNS
//! about), and never appears in an error. A [`TokenProvider`] made with
//! [`TokenProvider::with_context`] is told the URL each token goes to.
//!
//! [`A2AClient`] is the same for any A2A agent (the npm package's
//! `magisterium-a2a/agents`): [`A2AClient::discover`] reads the agent's card,
//! it speaks A2A 1.0 and 0.3 (JSON-RPC), and its streams
//! ([`A2AClient::send_message_stream`], [`A2AClient::subscribe_to_task`]) are
//! `futures` [`Stream`](futures_core::Stream)s of [`A2AStreamEvent`]s; dropping one closes its connection.
//!
//! The results serialize with serde to exactly the JSON the npm package's
//! methods resolve with (`relatedQuestions`, `taskId`, `documentTitle`,
//! `ref`, …). On wasm32 the `js` feature's `ToJs` makes each result, and
//! an [`Error`], the very JS value the npm package resolves (or rejects)
//! with, to hand to JavaScript (a worker's `postMessage`, a JS UI).
//!
//! # Features
//! - `reqwest` (default): the client natively, over reqwest (rustls with the
//!   ring provider) on tokio. No effect on wasm32.
//! - `fetch` (default): the client on wasm32, over `fetch` through gloo-net.
//!   No effect natively.
//! - `js`: on wasm32, `ToJs` (with `fetch`, through serde-wasm-bindgen). No
//!   effect natively.
//! - `tracing` (off by default): [`tracing`](https://docs.rs/tracing) spans of
//!   the client, natively and on wasm32: `magisterium_a2a.call` for each call
//!   (`method`, and the `error` code of a failed one; `A2AClient::discover`'s
//!   is `discover`, a card kept from an earlier discovery making no exchange);
//!   `magisterium_a2a.stream` for each of `A2AClient`'s streams, from its first
//!   poll to its end (`method`, and then the `events` it yielded, the `error`
//!   code that ended it, `elapsed_ms`, and `ended`, false when it was dropped
//!   first), which holds every exchange and read of the stream, a
//!   resubscription's too; and, within either, `magisterium_a2a.exchange` for
//!   each HTTP exchange (`http.method`, `url` without its query,
//!   `http.status`, `elapsed_ms`, or the `error` code).
//!   Never a token, a header or a body. With `Builder::http_client`
//!   (natively) a program also sees every request through its own reqwest client.
//! - `json`: only the core's JSON view for `serde_json::Value` (for the
//!   repository's own tools: not public API, as below).
//!
//! With no features the crate is its sans-IO core alone (`no_std` + `alloc`
//! compatible, no serde): the npm bundle's own crate builds on that.
//!
//! # Layers
//! - `sans_io`: pure Rust (wire format, decoding, errors, validation, retry
//!   and pacing policy, the call loop), tested natively, never panicking on any input;
//! - the Rust client (`Client` and its types, features `reqwest`/`fetch`);
//! - `url_parser`: the WHATWG parser the core's URL rules decide on (the
//!   platform's `URL` on wasm32, the `url` crate natively);
//! - the npm package is a crate of its own (`npm/` in the repository) over the
//!   core alone: its `#[wasm_bindgen]` classes are never linked into a Rust app.
//!
//! # What is public API
//! The items documented here: the clients, their builders, options, results and errors,
//! re-exported at the crate root, and [`codes`].
//!
//! `reqwest` is re-exported (natively) on purpose: `Builder::http_client`
//! takes a `reqwest::Client`, which must come from the very reqwest this crate
//! is built on, and `magisterium_a2a::reqwest` names it whatever version a
//! program depends on itself. So reqwest's major version is part of this
//! crate's API: a new one is a breaking release of this crate (a minor one
//! before 1.0), said in the changelog. A program that never calls
//! `http_client` never needs it.
//!
//! `sans_io` and `url_parser` are `pub` only
//! for the repository's own crates that build on them (the npm package's
//! crate `npm/`, the xtask tools, the fuzz targets), which are built and
//! released from the same commit: they are `#[doc(hidden)]`, outside semver,
//! and may change in any release. Nothing outside the repository may use
//! them; a need for one of their items is met by a documented item at the root.
#![deny(missing_docs)]
#![forbid(unsafe_code)]
#![cfg_attr(not(any(test, feature = "reqwest", feature = "fetch")), no_std)]

extern crate alloc;

// The sans-IO core and the URL parser its rules decide on: not public API
// (the crate docs above, "What is public API").
#[doc(hidden)]
pub mod sans_io;
#[doc(hidden)]
pub mod url_parser;

#[cfg(any(all(target_arch = "wasm32", feature = "fetch"), all(not(target_arch = "wasm32"), feature = "reqwest")))]
mod client;
#[cfg(any(all(target_arch = "wasm32", feature = "fetch"), all(not(target_arch = "wasm32"), feature = "reqwest")))]
pub use client::*;

pub mod codes;
pub use codes::{Binding, Dialect, ErrorCode, ProtocolVersion};
