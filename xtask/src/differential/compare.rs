//! The verdict on one case: the package's outcome against the native one.

use super::case::Case;
use super::native;
use super::node_driver::JsReport;
use serde_json::{Number, Value};

/// How a case ended.
pub enum Verdict {
    /// The same value, or the same error fields.
    Same,
    /// `JSON.parse` and `serde_json` disagree on the body text itself, so the
    /// decoders saw different input: counted under this description, not compared.
    ParserDifference(String),
    /// The package rejected with something other than a `MagisteriumError`
    /// (a wasm trap), or the native core panicked.
    Trap(String),
    /// Different outcomes.
    Divergence {
        /// The package's outcome (JSON text as the driver wrote it).
        js: String,
        /// The native outcome.
        native: Value,
    },
}

impl Verdict {
    /// True for a verdict that fails the suite.
    pub fn fails(&self) -> bool {
        matches!(self, Verdict::Trap(_) | Verdict::Divergence { .. })
    }
}

/// Decodes `case` natively and judges it against what the package did.
pub fn judge(case: &Case, report: &JsReport) -> Verdict {
    let js: Option<Value> = serde_json::from_str(&report.outcome).ok();
    if let Some(trap) = js.as_ref().and_then(|o| o.get("trap")) {
        return Verdict::Trap(format!("the package trapped: {}", trap.as_str().unwrap_or_default()));
    }
    let Some(request_id) = report.request_id else {
        return Verdict::Trap(format!("the client sent no request: {}", report.outcome));
    };
    // The core must never panic on outside data: a panic is a failure, not the end of the suite.
    let decoded = std::panic::catch_unwind(|| native::decode(case, request_id));
    let Ok(native) = decoded else {
        return Verdict::Trap("the native core panicked".into());
    };
    match (report.parsed, &native.refused) {
        (Some(true), Some(refusal)) => {
            return Verdict::ParserDifference(format!(
                "JSON.parse takes, serde_json refuses: {}",
                without_position(refusal)
            ));
        }
        (Some(false), None) => return Verdict::ParserDifference("serde_json takes, JSON.parse refuses".into()),
        _ => {}
    }
    if let Some(why) = js.as_ref().and_then(|o| o.get("unserializable")) {
        return Verdict::Trap(format!(
            "the package's outcome does not serialize: {}",
            why.as_str().unwrap_or_default()
        ));
    }
    match js {
        Some(js) if comparable(&js) == comparable(&native.outcome) => Verdict::Same,
        _ => Verdict::Divergence { js: report.outcome.clone(), native: native.outcome },
    }
}

/// `serde_json`'s message without ` at line 1 column 9`.
fn without_position(message: &str) -> &str {
    message.find(" at line ").map_or(message, |at| &message[..at])
}

/// `value` with every number as the `f64` JavaScript holds (so `1`, `1.0`
/// and `-0` compare as JS numbers do after `JSON.stringify`).
fn comparable(value: &Value) -> Value {
    match value {
        Value::Number(n) => n.as_f64().and_then(Number::from_f64).map_or(Value::Null, Value::Number),
        Value::Array(items) => items.iter().map(comparable).collect(),
        Value::Object(members) => members.iter().map(|(k, v)| (k.clone(), comparable(v))).collect(),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A case of `getTask` whose task holds `depth` nested arrays in an unknown member.
    fn nested(depth: usize) -> Case {
        let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":@ID@,"result":{{"kind":"task","id":"t","contextId":"c","status":{{"state":"completed"}},"deep":{deep}}}}}"#
        );
        let target = super::super::case::TARGETS.into_iter().find(|t| t.label() == "getTask (magisterium)").unwrap();
        Case { target, argument: json!("t"), status: 200, retry_after: None, body: body.into_bytes() }
    }

    fn report(outcome: &str) -> JsReport {
        JsReport { request_id: Some(1), parsed: Some(true), outcome: outcome.into() }
    }

    #[test]
    fn an_outcome_the_driver_cannot_write_fails_unless_the_parsers_disagree_on_the_body() {
        let unserializable = report(r#"{"unserializable":"RangeError: Maximum call stack size exceeded"}"#);
        // Deeper than serde_json's recursion limit, which JSON.parse takes: not compared.
        assert!(matches!(judge(&nested(1000), &unserializable), Verdict::ParserDifference(_)));
        // A body both parse: nothing to compare with is a failure.
        assert!(judge(&nested(2), &unserializable).fails());
        // The package trapping is a failure whatever the body.
        assert!(judge(&nested(1000), &report(r#"{"trap":"RuntimeError: unreachable"}"#)).fails());
    }

    #[test]
    fn numbers_compare_as_js_numbers() {
        assert_eq!(comparable(&json!({"a": [1, 2.5]})), comparable(&json!({"a": [1.0, 2.5]})));
        assert_eq!(comparable(&serde_json::from_str("-0").unwrap()), comparable(&json!(0)));
        assert_eq!(comparable(&json!(u64::MAX)), comparable(&json!(18446744073709552000.0)));
        assert_ne!(comparable(&json!(1)), comparable(&json!("1")));
        assert_eq!(without_position("number out of range at line 1 column 9"), "number out of range");
    }
}
