//! A small browser app on `magisterium-a2a`, in plain wasm-bindgen and
//! web-sys: ask a question (the answer with its numbered citations), the
//! saints of a day, and a task looked up by id; a failure shows its
//! [`ErrorCode`](magisterium_a2a::ErrorCode). The endpoint and the token are
//! read from the page's fields at each call, and server text only ever
//! becomes text nodes.
//!
//! `index.html` loads the wasm-bindgen output (`--target web`) from `pkg/`;
//! [`start`] runs when it is instantiated.

mod connection;
mod dom;
mod panel;
mod render;

use connection::Connection;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Wires the page's three panels to the client, then marks the page ready
/// (`<body data-ready="true">`).
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    let connection = Rc::new(Connection::from_page()?);
    panel::wire(&connection, "ask", |client, question| async move {
        client.ask(&question).await.map(|answer| render::answer(&answer))
    })?;
    panel::wire(&connection, "saints", |client, date| async move {
        client.saints_of_the_day(&date).await.map(|entry| render::day_text(entry.as_deref()))
    })?;
    panel::wire(&connection, "task", |client, id| async move {
        client.get_task(&id).await.map(|task| render::task(&task))
    })?;
    dom::body()?.set_attribute("data-ready", "true")
}
