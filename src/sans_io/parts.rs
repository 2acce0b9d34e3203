//! Checks the parts a caller gives `sendMessage` before they are sent: the
//! contract wants at least one part, `text` or `data`.

use super::error::CallError;
use super::json::{JsonView, Kind};
use super::text::{cat, int};

/// Accepts an array of A2A parts: each `{kind:"text", text:string}`,
/// `{kind:"data", data:object}` or `{kind:"file", file:{uri|bytes}}`, with at
/// least one text or data part.
pub fn check_parts<V: JsonView, E>(parts: &V) -> Result<(), CallError<E>> {
    if !parts.is_kind(Kind::Array) {
        return Err(CallError::invalid_input("parts must be an array of A2A parts"));
    }
    let mut has_content = false;
    for (index, part) in parts.elements().enumerate() {
        let refuse = |why: &str| Err(CallError::invalid_input(cat(&["parts[", &int(index as i64), "] ", why])));
        let kind = part.get_string("kind");
        match kind.as_deref() {
            Some("text") if part.get_kind("text", Kind::String).is_some() => has_content = true,
            Some("text") => return refuse("needs a string `text`"),
            Some("data") if part.get_kind("data", Kind::Object).is_some() => has_content = true,
            Some("data") => return refuse("needs an object `data`"),
            Some("file") => {
                let file = part.get_kind("file", Kind::Object);
                let has_source = file.is_some_and(|f| f.get_str("uri").is_some() || f.get_str("bytes").is_some());
                if !has_source {
                    return refuse("needs `file.uri` or `file.bytes` as a string");
                }
            }
            _ => return refuse("needs `kind` \"text\", \"data\" or \"file\""),
        }
    }
    if has_content { Ok(()) } else { Err(CallError::invalid_input("parts needs at least one text or data part")) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn accepts_the_three_part_kinds() {
        let parts = json!([{"kind":"text","text":"q"},{"kind":"data","data":{"id":"1"}},{"kind":"file","file":{"uri":"https://x/y.pdf"}}]);
        assert!(check_parts::<_, ()>(&parts).is_ok());
    }

    #[test]
    fn refuses_what_the_contract_refuses() {
        let cases = [
            json!({}),
            json!("text"),
            json!([]),
            json!([{"kind":"file","file":{"uri":"https://x"}}]),
            json!([{"kind":"text"}]),
            json!([{"kind":"text","text":1}]),
            json!([{"kind":"data","data":"x"}]),
            json!([{"kind":"file","file":{}}]),
            json!([{"kind":"image","url":"x"}]),
            json!([{"text":"no kind"}]),
            json!([null]),
        ];
        for c in cases {
            assert!(check_parts::<_, ()>(&c).is_err(), "{c}");
        }
    }
}
