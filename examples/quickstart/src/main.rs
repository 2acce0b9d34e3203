use magisterium_a2a::{AskOptions, Client, ErrorCode};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Also .timeout(…), .max_retries(…), .rate_limit_expensive(Rate::per_minute(2)), .token_provider(…), …
    let mut builder = Client::builder();
    if let Ok(token) = std::env::var("MAGISTERIUM_TOKEN") {
        builder = builder.token(token); // an OAuth user token
    }
    if let Ok(endpoint) = std::env::var("MAGISTERIUM_ENDPOINT") {
        builder = builder.endpoint(endpoint); // unset: https://www.magisterium.com/api/v1/a2a
    }
    let client = builder.build()?;

    let answer = client.ask("What is grace?").await?; // QaAnswer { text, citations, related_questions, task_id, context_id }
    println!("{}\n{:?}", answer.text, answer.citations.first().map(|c| &c.document_title)); // known fields are Options
    let follow_up = AskOptions::default().context_id(&answer.context_id);
    assert_eq!(client.ask_with("Tell me more.", follow_up).await?.context_id, answer.context_id);

    let hits = client.search_documents("grace").await?; // Vec<SearchResult { id, url, title }>
    let doc = client.fetch_document(&hits[0].id).await?; // Option<MagisteriumDocument { id, title, author, reference, text }>
    println!("{:?}", doc.map(|d| d.title));
    println!("{:?}", client.mass_readings("next Sunday").await?); // Option<String>
    println!("{:?}", client.saints_of_the_day("2026-03-19").await?);

    let err = client.get_task("no-such-task").await.unwrap_err();
    assert_eq!(err.code(), ErrorCode::TaskNotFound); // and rpc_code(), http_status(), retry_after(), task_id()
    Ok(())
}
