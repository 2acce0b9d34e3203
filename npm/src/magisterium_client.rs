//! `MagisteriumClient`: the exported class for the Magisterium endpoint. Each
//! method only names itself; [`crate::arguments`] reads its arguments and
//! [`crate::call_future`] runs it, once for every method.

use crate::arguments::ClientMethod;
use crate::call_future;
use crate::js_error::to_js;
use crate::js_platform::Session;
use crate::options::magisterium_settings;
use crate::task_methods::task_methods;
use alloc::rc::Rc;
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
        let (settings, io) = magisterium_settings(&options).map_err(|e| to_js(e, None))?;
        Ok(MagisteriumClient { session: Rc::new(Session::magisterium(settings, io)) })
    }

    /// The endpoint URL this client calls.
    #[wasm_bindgen(getter)]
    pub fn endpoint(&self) -> JsValue {
        self.session.route.url()
    }

    /// `catholic_qa`: resolves with a `QaAnswer`.
    pub fn ask(&self, question: JsValue, options: JsValue) -> Promise {
        call_future::start(&self.session, ClientMethod::Ask, &question, &options)
    }

    /// `document_search`: resolves with `SearchResult[]`.
    #[wasm_bindgen(js_name = searchDocuments)]
    pub fn search_documents(&self, query: JsValue, options: JsValue) -> Promise {
        call_future::start(&self.session, ClientMethod::SearchDocuments, &query, &options)
    }

    /// `document_fetch`: resolves with a `MagisteriumDocument`, or `null` when not found.
    #[wasm_bindgen(js_name = fetchDocument)]
    pub fn fetch_document(&self, id: JsValue, options: JsValue) -> Promise {
        call_future::start(&self.session, ClientMethod::FetchDocument, &id, &options)
    }

    /// `liturgical_readings`: resolves with the readings text, or `null`.
    #[wasm_bindgen(js_name = massReadings)]
    pub fn mass_readings(&self, date: JsValue, options: JsValue) -> Promise {
        call_future::start(&self.session, ClientMethod::MassReadings, &date, &options)
    }

    /// `saints_of_the_day`: resolves with the martyrology text, or `null`.
    #[wasm_bindgen(js_name = saintsOfTheDay)]
    pub fn saints_of_the_day(&self, date: JsValue, options: JsValue) -> Promise {
        call_future::start(&self.session, ClientMethod::SaintsOfTheDay, &date, &options)
    }
}

task_methods!(MagisteriumClient);
