//! Every method of the Rust client against the simulator: the five skills,
//! happy and empty cases, conversations, and the task methods.

use crate::support::*;
use magisterium_a2a::{AskOptions, ErrorCode, Part, SendMessageParams, TaskState, WaitOptions};
use std::time::Duration;

#[tokio::test]
async fn ask_answers_with_citations_and_follows_up_in_the_same_conversation() {
    let sim = simulator().await;
    let (client, _) = own_client(&sim).await;
    let answer = client.ask("What is grace?").await.unwrap();
    assert!(answer.text.len() > 20, "{answer:?}");
    assert!(!answer.citations.is_empty());
    let first = &answer.citations[0];
    assert!(first.document_title.as_deref().is_some_and(|t| !t.is_empty()));
    assert!(first.document_index.is_some());
    let options = AskOptions::default().context_id(&answer.context_id);
    let more = client.ask_with("How is it received?", options).await.unwrap();
    assert_eq!(more.context_id, answer.context_id);
    assert_ne!(more.task_id, answer.task_id);
    let nothing = client.ask("xylophone quasar zebra").await.unwrap();
    assert!(!nothing.text.is_empty() && nothing.citations.is_empty());
}

#[tokio::test]
async fn search_then_fetch_opens_the_document() {
    let sim = simulator().await;
    let (client, _) = own_client(&sim).await;
    let hits = client.search_documents("grace").await.unwrap();
    assert!(!hits.is_empty());
    let document = client.fetch_document(&hits[0].id).await.unwrap().expect("the document exists");
    assert_eq!((document.id.as_str(), document.title.as_str()), (hits[0].id.as_str(), hits[0].title.as_str()));
    assert!(!document.text.is_empty() && !document.reference.is_empty() && !document.author.is_empty());
}

#[tokio::test]
async fn empty_cases_are_empty_results_or_none() {
    let sim = simulator().await;
    let (client, _) = own_client(&sim).await;
    assert!(client.search_documents("xylophone quasar zebra").await.unwrap().is_empty());
    assert_eq!(client.fetch_document("no-such-document").await.unwrap(), None);
    assert_eq!(client.mass_readings("the feast of nothing in particular").await.unwrap(), None);
    assert_eq!(client.saints_of_the_day("gibberish date words").await.unwrap(), None);
}

#[tokio::test]
async fn readings_and_saints_take_days_and_queries() {
    let sim = simulator().await;
    let (client, _) = own_client(&sim).await;
    for query in ["Easter Sunday 2026", "next Sunday", "2026-12-25"] {
        let readings = client.mass_readings(query).await.unwrap();
        assert!(readings.is_some_and(|r| !r.is_empty()), "{query}");
    }
    let joseph = client.saints_of_the_day("2026-03-19").await.unwrap().unwrap_or_default();
    assert!(joseph.contains("Joseph"), "{joseph}");
    assert_eq!(client.saints_of_the_day("March 19, 2026").await.unwrap(), Some(joseph));
}

#[tokio::test]
async fn send_message_runs_any_skill_and_types_the_task() {
    let sim = simulator().await;
    let (client, _) = own_client(&sim).await;
    let message = SendMessageParams::new(vec![Part::text("grace")]).skill_id("document_search");
    let task = client.send_message(message).await.unwrap();
    assert_eq!(task.status.state, TaskState::Completed);
    let artifacts = task.artifacts.as_deref().unwrap_or_default();
    assert_eq!(artifacts[0].name.as_deref(), Some("search_results"));
    assert!(artifacts[0].parts[0].as_data().is_some_and(|d| d.contains_key("results")));
    let roles: Vec<&str> = task.history.iter().flatten().map(|m| m.role.as_str()).collect();
    assert_eq!(roles, ["user", "agent"]);
    let default_skill = client.send_message(SendMessageParams::new(vec![Part::text("What is grace?")]));
    let qa = default_skill.await.unwrap();
    let name = qa.artifacts.as_deref().and_then(|a| a[0].name.clone());
    assert_eq!(name.as_deref(), Some("catholic_qa_response"), "catholic_qa is the default skill");
}

#[tokio::test]
async fn get_task_reads_a_task_back_and_cancel_refuses_an_ended_one() {
    let sim = simulator().await;
    let (client, _) = own_client(&sim).await;
    let answer = client.ask("What is grace?").await.unwrap();
    let task = client.get_task(&answer.task_id).await.unwrap();
    assert_eq!((task.id.as_str(), task.context_id.as_str()), (answer.task_id.as_str(), answer.context_id.as_str()));
    assert_eq!(task.status.state, TaskState::Completed);
    let refused = client.cancel_task(&answer.task_id).await.unwrap_err();
    assert_eq!((refused.code(), refused.rpc_code()), (ErrorCode::InvalidParams, Some(-32602)));
}

#[tokio::test]
async fn wait_for_task_polls_until_the_task_settles() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    fault(&sim, &token, "working", "").await;
    let working = client.send_message(SendMessageParams::new(vec![Part::text("grace")]));
    let task = working.await.unwrap();
    assert_eq!(task.status.state, TaskState::Working);
    let poll = WaitOptions::default().poll_interval(Duration::from_millis(20));
    let (waited, canceled) = tokio::join!(client.wait_for_task(&task.id, poll), async {
        tokio::time::sleep(Duration::from_millis(100)).await;
        client.cancel_task(&task.id).await
    });
    assert_eq!(canceled.unwrap().status.state, TaskState::Canceled);
    let waited = waited.unwrap();
    assert_eq!((waited.id.as_str(), waited.status.state.clone()), (task.id.as_str(), TaskState::Canceled));
    let short = WaitOptions::default().timeout(Duration::from_millis(300));
    fault(&sim, &token, "working", "").await;
    let still = client.send_message(SendMessageParams::new(vec![Part::text("grace")]));
    let still = still.await.unwrap();
    assert_eq!(client.wait_for_task(&still.id, short).await.unwrap_err().code(), ErrorCode::Timeout);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_are_send_and_run_on_any_worker() {
    let sim = simulator().await;
    let (client, _) = own_client(&sim).await;
    let calls: Vec<_> = ["grace", "baptism", "prayer"]
        .into_iter()
        .map(|query| {
            let client = client.clone();
            tokio::spawn(async move { client.search_documents(query).await })
        })
        .collect();
    for call in calls {
        assert!(!call.await.expect("the task ran").unwrap().is_empty());
    }
}
