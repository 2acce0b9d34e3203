//! One differential case: which client method is called and the HTTP
//! response its `fetch` gets, in the forms the Node driver reads (a JSON
//! line) and a regression fixture holds (a JSON file).

use super::json_text::ID_PLACEHOLDER;
use serde_json::{Value, json};

/// The client class a case calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientClass {
    /// `MagisteriumClient` (the Magisterium error dialect).
    Magisterium,
    /// `A2AClient` with `dialect: "a2a"`.
    A2a,
}

/// The client method a case calls; each variant is the JS method of that name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientMethod {
    Ask,
    SearchDocuments,
    FetchDocument,
    MassReadings,
    SaintsOfTheDay,
    SendMessage,
    GetTask,
    CancelTask,
}

/// A client and one of its methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The class.
    pub client: ClientClass,
    /// The method.
    pub method: ClientMethod,
}

/// Every method of both classes the differential test calls: all eight of
/// `MagisteriumClient`, and the task methods of `A2AClient` in the A2A dialect.
pub const TARGETS: [Target; 11] = {
    use ClientClass::{A2a, Magisterium};
    use ClientMethod::*;
    const fn t(client: ClientClass, method: ClientMethod) -> Target {
        Target { client, method }
    }
    [
        t(Magisterium, Ask),
        t(Magisterium, SearchDocuments),
        t(Magisterium, FetchDocument),
        t(Magisterium, MassReadings),
        t(Magisterium, SaintsOfTheDay),
        t(Magisterium, SendMessage),
        t(Magisterium, GetTask),
        t(Magisterium, CancelTask),
        t(A2a, SendMessage),
        t(A2a, GetTask),
        t(A2a, CancelTask),
    ]
};

impl ClientClass {
    /// The name the driver knows the client by.
    pub fn name(self) -> &'static str {
        match self {
            ClientClass::Magisterium => "magisterium",
            ClientClass::A2a => "a2a",
        }
    }
}

impl ClientMethod {
    /// The method's JS name.
    pub fn name(self) -> &'static str {
        match self {
            ClientMethod::Ask => "ask",
            ClientMethod::SearchDocuments => "searchDocuments",
            ClientMethod::FetchDocument => "fetchDocument",
            ClientMethod::MassReadings => "massReadings",
            ClientMethod::SaintsOfTheDay => "saintsOfTheDay",
            ClientMethod::SendMessage => "sendMessage",
            ClientMethod::GetTask => "getTask",
            ClientMethod::CancelTask => "cancelTask",
        }
    }
}

impl Target {
    /// `ask (magisterium)`.
    pub fn label(self) -> String {
        format!("{} ({})", self.method.name(), self.client.name())
    }

    fn parse(client: &str, method: &str) -> Option<Target> {
        TARGETS.into_iter().find(|t| t.client.name() == client && t.method.name() == method)
    }
}

/// One call and the response it gets.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// What is called.
    pub target: Target,
    /// The method's first argument, as JSON.
    pub argument: Value,
    /// The HTTP status.
    pub status: u16,
    /// The `Retry-After` header, when sent.
    pub retry_after: Option<String>,
    /// The body's bytes; [`ID_PLACEHOLDER`] stands for the request's id.
    pub body: Vec<u8>,
}

impl Case {
    /// The body the client receives for a request with `request_id`.
    pub fn body_for(&self, request_id: u64) -> Vec<u8> {
        let (from, to) = (ID_PLACEHOLDER.as_bytes(), request_id.to_string().into_bytes());
        let mut out = Vec::with_capacity(self.body.len());
        let mut at = 0;
        while at < self.body.len() {
            if self.body[at..].starts_with(from) {
                out.extend_from_slice(&to);
                at += from.len();
            } else {
                out.push(self.body[at]);
                at += 1;
            }
        }
        out
    }

    /// The JSON line the Node driver reads (`n` numbers the answer).
    pub fn driver_line(&self, n: usize) -> String {
        let headers: Vec<[&str; 2]> = self.retry_after.iter().map(|v| ["Retry-After", v.as_str()]).collect();
        let hex: String = self.body.iter().map(|b| format!("{b:02x}")).collect();
        json!({
            "n": n,
            "client": self.target.client.name(),
            "method": self.target.method.name(),
            "argument": self.argument,
            "status": self.status,
            "headers": headers,
            "body": hex,
        })
        .to_string()
    }

    /// The case as a regression fixture: the body as text when it is UTF-8
    /// (readable in review), else as hex; `found` says where it came from.
    pub fn to_fixture(&self, found: Value) -> Value {
        let mut fixture = json!({
            "client": self.target.client.name(),
            "method": self.target.method.name(),
            "argument": self.argument,
            "status": self.status,
            "retryAfter": self.retry_after,
        });
        match std::str::from_utf8(&self.body) {
            Ok(text) => fixture["body"] = json!(text),
            Err(_) => fixture["bodyHex"] = json!(self.body.iter().map(|b| format!("{b:02x}")).collect::<String>()),
        }
        fixture["found"] = found;
        fixture
    }

    /// Reads a fixture written by [`Case::to_fixture`].
    pub fn from_fixture(fixture: &Value) -> Result<Case, String> {
        let text = |key: &str| fixture.get(key).and_then(Value::as_str).ok_or(format!("no string `{key}`"));
        let target = Target::parse(text("client")?, text("method")?).ok_or("an unknown client or method")?;
        let body = match (fixture.get("body").and_then(Value::as_str), fixture.get("bodyHex").and_then(Value::as_str)) {
            (Some(text), None) => text.as_bytes().to_vec(),
            (None, Some(hex)) => from_hex(hex).ok_or("`bodyHex` is not hex")?,
            _ => return Err("give exactly one of `body` and `bodyHex`".into()),
        };
        Ok(Case {
            target,
            argument: fixture.get("argument").cloned().unwrap_or(Value::Null),
            status: fixture
                .get("status")
                .and_then(Value::as_u64)
                .and_then(|s| u16::try_from(s).ok())
                .ok_or("no status")?,
            retry_after: fixture.get("retryAfter").and_then(Value::as_str).map(str::to_owned),
            body,
        })
    }
}

fn from_hex(hex: &str) -> Option<Vec<u8>> {
    let digits = hex.as_bytes();
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    digits.chunks(2).map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixture_reads_back_as_its_case() {
        let case = Case {
            target: TARGETS[3],
            argument: json!("2026-03-19"),
            status: 429,
            retry_after: Some("5".into()),
            body: b"{\"id\":@ID@}\xff".to_vec(),
        };
        assert_eq!(Case::from_fixture(&case.to_fixture(json!({}))), Ok(case.clone()));
        assert_eq!(case.body_for(17), b"{\"id\":17}\xff");
        assert!(case.driver_line(4).contains("\"body\":\"7b226964223a404944407dff\""));
    }
}
