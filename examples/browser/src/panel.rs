//! A panel of the page: a `<section>` with a form of one field and an
//! output. Submitting the form runs a call on the page's executor
//! (`spawn_local`); the section is `aria-busy` while it runs, and the output
//! then shows its result or its error.

use crate::connection::Connection;
use crate::{dom, render};
use magisterium_a2a::{Client, Error};
use std::future::Future;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::spawn_local;
use web_sys::{Element, Event};

/// Runs `call(client, field value)` whenever the form of section `#id` is
/// submitted, and shows what it renders in the section's `.output`.
pub fn wire<F, Fut>(connection: &Rc<Connection>, id: &str, call: F) -> Result<(), JsValue>
where
    F: Fn(Client, String) -> Fut + 'static,
    Fut: Future<Output = Result<Element, Error>> + 'static,
{
    let section = dom::by_id(id)?;
    let form = dom::within(&section, "form")?;
    let field = dom::input_within(&section, "input")?;
    let output = dom::within(&section, ".output")?;
    let (connection, call) = (Rc::clone(connection), Rc::new(call));
    let on_submit = Closure::<dyn Fn(Event)>::new(move |event: Event| {
        event.prevent_default();
        if section.get_attribute("aria-busy").as_deref() == Some("true") {
            return;
        }
        let (section, output, call) = (section.clone(), output.clone(), Rc::clone(&call));
        let (client, value) = (connection.client(), field.value().trim().to_owned());
        spawn_local(async move {
            let _ = section.set_attribute("aria-busy", "true");
            let shown = match client {
                Ok(client) => call(client, value).await,
                Err(refused) => Err(refused),
            };
            output.replace_children_with_node_1(&shown.unwrap_or_else(|error| render::error(&error)));
            let _ = section.set_attribute("aria-busy", "false");
        });
    });
    form.add_event_listener_with_callback("submit", on_submit.as_ref().unchecked_ref())?;
    // The listener lives as long as the page.
    on_submit.forget();
    Ok(())
}
