//! The typed API of `magisterium-a2a` as a program outside the repository
//! uses it: the same code natively (`main.rs`, on tokio) and on wasm32.

use magisterium_a2a::{AskOptions, Client, ErrorCode};

/// Every method of the crate's example against `endpoint` with the demo
/// token, checking what it gets back; a one-line summary.
pub async fn tour(endpoint: &str) -> Result<String, magisterium_a2a::Error> {
    let client = Client::builder().token("demo-token").endpoint(endpoint).build()?;
    let answer = client.ask("What is grace?").await?; // QaAnswer { text, citations, related_questions, task_id, context_id }
    let more = client.ask_with("Tell me more.", AskOptions::default().context_id(&answer.context_id)).await?;
    let hits = client.search_documents("grace").await?; // Vec<SearchResult { id, url, title }>
    let doc = client.fetch_document(&hits[0].id).await?; // Option<MagisteriumDocument { id, title, author, reference, text }>
    let readings = client.mass_readings("Easter Sunday 2026").await?; // Option<String>
    let saints = client.saints_of_the_day("2026-03-19").await?; // Option<String>
    let task = client.get_task(&answer.task_id).await?; // Task (the A2A task, typed)
    let err = client.get_task("no-such-task").await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::TaskNotFound); // plus rpc_code(), http_status(), retry_after(), task_id()

    assert!(!answer.citations.is_empty(), "the answer cites its sources");
    assert_eq!(more.context_id, answer.context_id, "the follow-up stays in the conversation");
    let doc = doc.expect("the first hit can be fetched");
    assert_eq!(doc.title, hits[0].title);
    assert!(readings.as_deref().is_some_and(|r| r.contains("Easter")), "{readings:?}");
    assert!(saints.as_deref().is_some_and(|s| s.contains("Joseph")), "{saints:?}");
    assert_eq!(task.id, answer.task_id);
    assert_eq!(err.rpc_code(), Some(-32001));
    Ok(format!(
        "{} citations, {} hits, document {:?}, task {} {}, then {}",
        answer.citations.len(),
        hits.len(),
        doc.title,
        task.id,
        task.status.state.as_str(),
        err.code().as_str(),
    ))
}
