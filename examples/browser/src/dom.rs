//! The few DOM operations the app needs. Server text is only ever set with
//! `textContent`, never parsed as HTML, and only an absolute `http:` or
//! `https:` URL becomes a link.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, Url};

fn document() -> Result<Document, JsValue> {
    web_sys::window().and_then(|window| window.document()).ok_or_else(|| JsValue::from_str("no document"))
}

/// The page's `<body>`.
pub fn body() -> Result<HtmlElement, JsValue> {
    document()?.body().ok_or_else(|| JsValue::from_str("no <body>"))
}

/// The element `#id`.
pub fn by_id(id: &str) -> Result<Element, JsValue> {
    document()?.get_element_by_id(id).ok_or_else(|| JsValue::from_str(&format!("no #{id} in the page")))
}

/// The `<input id=id>`.
pub fn input(id: &str) -> Result<HtmlInputElement, JsValue> {
    by_id(id)?.dyn_into().map_err(|_| JsValue::from_str(&format!("#{id} is not an <input>")))
}

/// The first element matching `selector` inside `parent`.
pub fn within(parent: &Element, selector: &str) -> Result<Element, JsValue> {
    parent.query_selector(selector)?.ok_or_else(|| JsValue::from_str(&format!("no {selector} in #{}", parent.id())))
}

/// The first `<input>` matching `selector` inside `parent`.
pub fn input_within(parent: &Element, selector: &str) -> Result<HtmlInputElement, JsValue> {
    within(parent, selector)?.dyn_into().map_err(|_| JsValue::from_str(&format!("{selector} is not an <input>")))
}

/// A new `<tag class=class>` holding `text` as text.
pub fn text(tag: &str, class: &str, text: &str) -> Element {
    let element = new(tag, class);
    element.set_text_content(Some(text));
    element
}

/// A new empty `<tag class=class>`.
pub fn new(tag: &str, class: &str) -> Element {
    // Only fails without a document or for an invalid tag name; the app runs
    // in a page, and its tag names are literals.
    let element = document().and_then(|d| d.create_element(tag)).expect("a page and a valid tag name");
    element.set_class_name(class);
    element
}

/// Appends `child` (a new element) to `parent`.
pub fn append(parent: &Element, child: &Element) {
    // Appending a new element to an element never fails (no cycle, no second root).
    let _ = parent.append_with_node_1(child);
}

/// A link to `url` showing `label`, opening in a new tab without access to
/// this page; a `<span>` of the label alone when `url` is not an absolute
/// `http:` or `https:` URL (`javascript:`, `data:`, a relative path, …).
pub fn link_or_text(url: Option<&str>, label: &str, class: &str) -> Element {
    let href = url.and_then(|url| Url::new(url).ok()).filter(|u| matches!(u.protocol().as_str(), "http:" | "https:"));
    let Some(href) = href else {
        return text("span", class, label);
    };
    let link = text("a", class, label);
    for (name, value) in [("href", href.href().as_str()), ("target", "_blank"), ("rel", "noopener noreferrer")] {
        let _ = link.set_attribute(name, value);
    }
    link
}
