//! `MagisteriumClient`: the exported class for the Magisterium endpoint. Each
//! method only names itself; [`arguments`] reads its arguments and [`jobs`]
//! runs it, once for every method.

use super::arguments::Method;
use super::error::to_js;
use super::jobs;
use super::options::magisterium_config;
use super::session::Session;
use super::task_methods::task_methods;
use crate::core::error::Dialect;
use alloc::rc::Rc;
use alloc::string::String;
use js_sys::Promise;
use wasm_bindgen::prelude::*;

/// A client for the Magisterium endpoint (or a proxy of it). Calls may
/// overlap; each returns a Promise that rejects only with `MagisteriumError`.
#[wasm_bindgen(skip_typescript)]
pub struct MagisteriumClient {
    session: Rc<Session>,
}

#[wasm_bindgen]
impl MagisteriumClient {
    /// Creates a client; throws `MagisteriumError` (INVALID_INPUT) for bad options.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<MagisteriumClient, JsValue> {
        let config = magisterium_config(&options).map_err(|e| to_js(e, None))?;
        Ok(MagisteriumClient { session: Rc::new(Session::new(config, Dialect::Magisterium)) })
    }

    /// The endpoint URL this client calls.
    #[wasm_bindgen(getter)]
    pub fn endpoint(&self) -> String {
        self.session.config.endpoint.url.clone()
    }

    /// `catholic_qa`: resolves with a `QaAnswer`.
    pub fn ask(&self, question: JsValue, options: JsValue) -> Promise {
        jobs::start(&self.session, Method::Ask, &question, &options)
    }

    /// `document_search`: resolves with `SearchResult[]`.
    #[wasm_bindgen(js_name = searchDocuments)]
    pub fn search_documents(&self, query: JsValue, options: JsValue) -> Promise {
        jobs::start(&self.session, Method::SearchDocuments, &query, &options)
    }

    /// `document_fetch`: resolves with a `MagisteriumDocument`, or `null` when not found.
    #[wasm_bindgen(js_name = fetchDocument)]
    pub fn fetch_document(&self, id: JsValue, options: JsValue) -> Promise {
        jobs::start(&self.session, Method::FetchDocument, &id, &options)
    }

    /// `liturgical_readings`: resolves with the readings text, or `null`.
    #[wasm_bindgen(js_name = massReadings)]
    pub fn mass_readings(&self, date: JsValue, options: JsValue) -> Promise {
        jobs::start(&self.session, Method::MassReadings, &date, &options)
    }

    /// `saints_of_the_day`: resolves with the martyrology text, or `null`.
    #[wasm_bindgen(js_name = saintsOfTheDay)]
    pub fn saints_of_the_day(&self, date: JsValue, options: JsValue) -> Promise {
        jobs::start(&self.session, Method::SaintsOfTheDay, &date, &options)
    }
}

task_methods!(MagisteriumClient);
