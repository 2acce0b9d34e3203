//! Runs the tour natively against the endpoint named in `MAGISTERIUM_ENDPOINT`,
//! and checks the spans of the crate's `tracing` feature that it made.

use std::fmt::{Debug, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), magisterium_a2a::Error> {
    let endpoint = std::env::var("MAGISTERIUM_ENDPOINT").expect("MAGISTERIUM_ENDPOINT names the A2A endpoint");
    let spans = Spans::default();
    let summary = {
        let _recording = tracing::subscriber::set_default(spans.clone());
        magisterium_user_crate::tour(&endpoint).await?
    };
    let lines = spans.0.lock().unwrap_or_else(PoisonError::into_inner).clone();
    let has = |text: &str| lines.iter().any(|line| line.contains(text));
    assert!(has(r#"magisterium_a2a.call method="message/send""#), "a span per call: {lines:#?}");
    assert!(has(r#"magisterium_a2a.call method="tasks/get""#), "{lines:#?}");
    assert!(has(&format!(r#"magisterium_a2a.exchange http.method="POST" url="{endpoint}""#)), "{lines:#?}");
    assert!(has("http.status=200") && has("elapsed_ms="), "each exchange's status and time: {lines:#?}");
    assert!(has(r#"error="TASK_NOT_FOUND""#), "a failed call's code: {lines:#?}");
    assert!(!has("demo-token"), "never the token: {lines:#?}");
    println!("the tour passed: {summary}; {} span records", lines.len());
    Ok(())
}

/// A subscriber that keeps each span's name and fields, and each later record, as a line.
#[derive(Clone, Default)]
struct Spans(Arc<Mutex<Vec<String>>>, Arc<AtomicU64>);

impl Spans {
    fn keep(&self, line: String) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).push(line);
    }
}

impl Subscriber for Spans {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let mut line = span.metadata().name().to_owned();
        span.record(&mut Fields(&mut line));
        self.keep(line);
        Id::from_u64(self.1.fetch_add(1, Ordering::Relaxed) + 1)
    }

    fn record(&self, _: &Id, values: &Record<'_>) {
        let mut line = String::from("record");
        values.record(&mut Fields(&mut line));
        self.keep(line);
    }

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, _: &Event<'_>) {}

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

/// Writes each field as ` name=value`.
struct Fields<'a>(&'a mut String);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn Debug) {
        let _ = write!(self.0, " {}={value:?}", field.name());
    }
}
