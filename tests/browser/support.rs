//! What the browser tests share: the simulator's address, its controls, and
//! calling the client the way JS does (a Promise per call).

use js_sys::futures::JsFuture;
use js_sys::{Object, Promise, Reflect};
use magisterium_a2a_npm::{MagisteriumClient, MagisteriumError};
use wasm_bindgen::prelude::*;

/// The A2A endpoint of the simulator under test.
pub const ENDPOINT: &str = env!("MAGISTERIUM_ENDPOINT");
/// The simulator's base URL, for its `/_sim/` controls.
pub const SIMULATOR: &str = env!("MAGISTERIUM_SIMULATOR");

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = fetch)]
    fn fetch_with(url: &str, init: &JsValue) -> Promise;
}

/// A plain JS object from `(key, value)` pairs.
pub fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (key, value) in pairs {
        Reflect::set(&o, &JsValue::from_str(key), value).expect("set on a fresh object");
    }
    o.into()
}

/// JSON text to a JS value.
pub fn json(text: &str) -> JsValue {
    js_sys::JSON::parse(text).expect("test JSON")
}

/// A property of a JS value.
pub fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// A string property of a JS value.
pub fn text(value: &JsValue, key: &str) -> String {
    get(value, key).as_string().unwrap_or_else(|| panic!("`{key}` is not a string"))
}

/// Calls `target[name](...args)`: a method of a JS object, e.g. of a client
/// that `A2AClient.discover` resolved with.
pub fn call(target: &JsValue, name: &str, args: &[JsValue]) -> JsValue {
    let method: js_sys::Function = get(target, name).dyn_into().unwrap_or_else(|_| panic!("`{name}` is not a method"));
    method.apply(target, &args.iter().collect()).unwrap_or_else(|e| panic!("`{name}` threw {e:?}"))
}

/// GETs `url` and parses its JSON body.
pub async fn get_json(url: &str) -> JsValue {
    let response = JsFuture::from(fetch_with(url, &JsValue::UNDEFINED)).await.expect("reachable");
    JsFuture::from(Promise::from(call(&response, "json", &[]))).await.expect("a JSON body")
}

/// POSTs a JSON body to a simulator control route; panics unless it answers 2xx.
pub async fn control(path: &str, body: &str) {
    let init = object(&[
        ("method", "POST".into()),
        ("headers", object(&[("Content-Type", "application/json".into())])),
        ("body", body.into()),
    ]);
    let response =
        JsFuture::from(fetch_with(&format!("{SIMULATOR}{path}"), &init)).await.expect("control route reachable");
    let ok = get(&response, "ok").as_bool().unwrap_or(false);
    assert!(ok, "{path} refused {body}");
}

/// A fresh paid-plan token for one test; `limits` is extra JSON members, e.g. `"rateExpensive":"1/60s"`.
pub async fn fresh_token(limits: &str) -> String {
    let token = format!("browser-{}", (js_sys::Math::random() * 1e15) as u64);
    let extra = if limits.is_empty() { String::new() } else { format!(",{limits}") };
    control("/_sim/tokens", &format!(r#"{{"token":"{token}","plan":"paid"{extra}}}"#)).await;
    token
}

/// Arms a fault for `token`; `params` is extra JSON members.
pub async fn fault(token: &str, name: &str, params: &str) {
    let extra = if params.is_empty() { String::new() } else { format!(",{params}") };
    control("/_sim/faults", &format!(r#"{{"fault":"{name}","token":"{token}"{extra}}}"#)).await;
}

/// A client on the simulator with `token` and extra options.
pub fn client(token: &str, options: &[(&str, JsValue)]) -> MagisteriumClient {
    let mut pairs = vec![("endpoint", JsValue::from_str(ENDPOINT)), ("token", JsValue::from_str(token))];
    pairs.extend(options.iter().cloned());
    MagisteriumClient::new(object(&pairs)).unwrap_or_else(|e| panic!("client options refused: {e:?}"))
}

/// A client with a token of its own.
pub async fn own_client() -> (MagisteriumClient, String) {
    let token = fresh_token("").await;
    (client(&token, &[]), token)
}

/// Awaits a call that must resolve.
pub async fn ok(call: Promise) -> JsValue {
    match JsFuture::from(call).await {
        Ok(value) => value,
        Err(e) => panic!("the call rejected: {} {}", text(&e, "code"), text(&e, "message")),
    }
}

/// Awaits a call that must reject with a `MagisteriumError` of `code`; the error.
pub async fn rejects(call: Promise, code: &str) -> JsValue {
    let error = match JsFuture::from(call).await {
        Ok(value) => panic!("expected {code}, the call resolved with {value:?}"),
        Err(e) => e,
    };
    assert!(error.is_instance_of::<MagisteriumError>(), "not a MagisteriumError: {error:?}");
    assert!(error.is_instance_of::<js_sys::Error>(), "not an Error: {error:?}");
    assert_eq!(text(&error, "name"), "MagisteriumError");
    assert_eq!(text(&error, "code"), code, "message: {:?}", get(&error, "message"));
    error
}

/// A numeric property, when present.
pub fn number(value: &JsValue, key: &str) -> Option<f64> {
    get(value, key).as_f64()
}

/// No options.
pub fn none() -> JsValue {
    JsValue::UNDEFINED
}
