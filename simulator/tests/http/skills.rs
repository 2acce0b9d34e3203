//! The five skills over HTTP: happy paths, empty cases, failures, task shape, history and contextId.

use crate::common::*;
use serde_json::{Value, json};

fn parse_rfc3339_prefix(ts: &str) -> &str {
    &ts[..10]
}

#[tokio::test]
async fn task_shape_history_and_generated_context() {
    let sim = start().await;
    let task = send_text(&sim, None, "What is grace?").await;
    assert_eq!(task["kind"], "task");
    let id = task["id"].as_str().unwrap();
    let context = task["contextId"].as_str().unwrap();
    assert_eq!(context.len(), 36, "uuid-like contextId: {context}");
    assert_eq!(context.matches('-').count(), 4);
    assert_ne!(id, context);
    assert_eq!(task["status"]["state"], "completed");
    assert_eq!(parse_rfc3339_prefix(task["status"]["timestamp"].as_str().unwrap()), "2026-03-19");
    let history = task["history"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    let user = &history[0];
    assert_eq!(user["role"], "user");
    assert_eq!(user["kind"], "message");
    assert_eq!(user["messageId"], "msg-1");
    assert_eq!(user["parts"], json!([{ "kind": "text", "text": "What is grace?" }]));
    assert_eq!(user["contextId"], context);
    assert_eq!(user["taskId"], id);
    let agent = &history[1];
    assert_eq!((agent["role"].as_str(), agent["kind"].as_str()), (Some("agent"), Some("message")));
    assert_eq!(agent["contextId"], context);
    assert_eq!(agent["taskId"], id);
    assert!(agent["messageId"].as_str().is_some_and(|m| !m.is_empty()));
    assert_eq!(agent["parts"][0]["kind"], "text");
    let second = send_text(&sim, None, "What is grace?").await;
    assert_ne!(second["contextId"], task["contextId"], "a new context per message without contextId");
    assert_ne!(second["id"], task["id"]);
    assert_ne!(second["artifacts"][0]["artifactId"], task["artifacts"][0]["artifactId"]);
    sim.shutdown().await;
}

#[tokio::test]
async fn context_id_is_reused_and_message_kept_as_received() {
    let sim = start().await;
    let mut message = user_message(json!([{ "kind": "text", "text": "baptism" }]), Some("document_search"));
    message["contextId"] = json!("ctx-42");
    message["metadata"]["extra"] = json!({ "keep": true });
    message["taskId"] = json!("client-supplied");
    let task =
        rpc(&sim, envelope("message/send", json!({ "message": message, "configuration": { "blocking": true } })))
            .await
            .result();
    assert_eq!(task["contextId"], "ctx-42");
    let user = &task["history"][0];
    assert_eq!(user["contextId"], "ctx-42");
    assert_eq!(user["taskId"], task["id"]);
    assert_eq!(user["metadata"], json!({ "skillId": "document_search", "extra": { "keep": true } }));
    sim.shutdown().await;
}

#[tokio::test]
async fn catholic_qa_answers_with_citations_and_related_questions() {
    let sim = start().await;
    for skill in [None, Some("catholic_qa")] {
        let task = send_text(&sim, skill, "What is sanctifying grace?").await;
        let parts = artifact_parts(&task, "catholic_qa_response");
        assert_eq!(parts.len(), 3, "{parts:?}");
        let text = parts[0]["text"].as_str().unwrap();
        assert!(text.contains("[1]") && text.to_lowercase().contains("grace"), "{text}");
        let citations = parts[1]["data"]["citations"].as_array().unwrap();
        assert!(!citations.is_empty());
        for c in citations {
            for field in [
                "cited_text",
                "cited_text_heading",
                "document_title",
                "document_author",
                "document_reference",
                "source_url",
            ] {
                assert!(c[field].as_str().is_some_and(|s| !s.is_empty()), "{field} in {c}");
            }
            assert!(c["document_index"].as_u64().is_some_and(|i| i >= 1));
            assert!(c["document_year"].is_number());
            assert!(c["document_author"].as_str().unwrap().contains("[sample]"));
            assert!(text.contains(&format!("[{}]", c["document_index"])));
        }
        assert_eq!(citations[0]["document_title"], "Grace and Justification (sample)");
        let related = parts[2]["data"]["related_questions"].as_array().unwrap();
        assert!(!related.is_empty() && related.iter().all(Value::is_string));
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn catholic_qa_without_matches_says_so_without_citations() {
    let sim = start().await;
    let task = send_text(&sim, None, "xylophone quantum chromodynamics").await;
    let text = single_text(&task, "catholic_qa_response");
    assert!(text.contains("nothing on that question"), "{text}");
    sim.shutdown().await;
}

#[tokio::test]
async fn catholic_qa_fails_on_a_blank_question() {
    let sim = start().await;
    for parts in [json!([{ "kind": "text", "text": "   \n" }]), json!([{ "kind": "data", "data": { "q": "grace" } }])] {
        let task = send_parts(&sim, "catholic_qa", parts).await;
        assert_eq!(task["status"]["state"], "failed");
        assert_eq!(task["artifacts"], json!([]));
        let reason = &task["status"]["message"];
        assert_eq!(reason["role"], "agent");
        assert!(reason["parts"][0]["text"].as_str().unwrap().contains("question"));
        assert_eq!(task["history"].as_array().unwrap().len(), 2);
        assert_eq!(task["history"][1], *reason);
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn document_search_ranks_and_empties() {
    let sim = start().await;
    let task = send_text(&sim, Some("document_search"), "grace").await;
    let parts = artifact_parts(&task, "search_results");
    assert_eq!(parts.len(), 1);
    assert_eq!(parts[0]["kind"], "data");
    let results = parts[0]["data"]["results"].as_array().unwrap();
    assert_eq!(results[0]["id"], "10001");
    assert!(results.len() <= 10);
    for r in results {
        assert!(r["url"].as_str().unwrap().starts_with("https://example.org/"));
        assert!(r["title"].is_string() && r["id"].is_string());
    }
    let empty = send_text(&sim, Some("document_search"), "zzzz qqqq").await;
    assert_eq!(artifact_parts(&empty, "search_results")[0]["data"], json!({ "results": [] }));
    sim.shutdown().await;
}

#[tokio::test]
async fn document_fetch_by_data_or_text_part() {
    let sim = start().await;
    let by_data = send_parts(&sim, "document_fetch", json!([{ "kind": "data", "data": { "id": "10002" } }])).await;
    let parts = artifact_parts(&by_data, "document");
    assert_eq!(parts.len(), 2);
    assert!(parts[0]["text"].as_str().unwrap().contains("Baptism"));
    let meta = &parts[1]["data"];
    assert_eq!(meta["id"], "10002");
    assert_eq!(meta["title"], "The Sacrament of Baptism (sample)");
    assert!(meta["author"].as_str().unwrap().starts_with("[sample]"));
    assert!(meta["ref"].is_string());
    let by_text = send_text(&sim, Some("document_fetch"), " 10002 ").await;
    assert_eq!(artifact_parts(&by_text, "document")[1]["data"], *meta);
    let by_number = send_parts(&sim, "document_fetch", json!([{ "kind": "data", "data": { "id": 10002 } }])).await;
    assert_eq!(artifact_parts(&by_number, "document")[1]["data"]["id"], "10002");
    // A search result's id fetches the document.
    let search = send_text(&sim, Some("document_search"), "Eucharist").await;
    let id = artifact_parts(&search, "search_results")[0]["data"]["results"][0]["id"].clone();
    let fetched = send_parts(&sim, "document_fetch", json!([{ "kind": "data", "data": { "id": id } }])).await;
    assert_eq!(artifact_parts(&fetched, "document")[1]["data"]["id"], id);
    sim.shutdown().await;
}

#[tokio::test]
async fn document_fetch_not_found_and_failures() {
    let sim = start().await;
    let missing = send_text(&sim, Some("document_fetch"), "99999").await;
    assert_eq!(single_text(&missing, "document"), "Document not found.");
    for parts in [
        json!([{ "kind": "data", "data": { "title": "no id" } }]),
        json!([{ "kind": "data", "data": { "id": "" } }]),
        json!([{ "kind": "data", "data": { "id": ["10001"] } }]),
        json!([{ "kind": "text", "text": "  " }]),
    ] {
        let task = send_parts(&sim, "document_fetch", parts).await;
        assert_eq!(task["status"]["state"], "failed", "{task}");
        assert!(task["status"]["message"]["parts"][0]["text"].as_str().unwrap().contains("id"));
    }
    sim.shutdown().await;
}

async fn readings(sim: &Server, query: &str) -> String {
    single_text(&send_text(sim, Some("liturgical_readings"), query).await, "mass_readings")
}

#[tokio::test]
async fn liturgical_readings_understand_natural_dates() {
    // The test clock says Thursday 2026-03-19.
    let sim = start().await;
    let cases = [
        ("today", "Thursday, March 19, 2026"),
        ("tomorrow", "Friday, March 20, 2026"),
        ("yesterday", "Wednesday, March 18, 2026"),
        ("next Sunday", "Sunday, March 22, 2026"),
        ("next Thursday", "Thursday, March 26, 2026"),
        ("2026-12-24", "Thursday, December 24, 2026"),
        ("Easter Sunday 2026", "Sunday, April 5, 2026"),
        ("Easter 2026", "Sunday, April 5, 2026"),
        ("Easter 2024", "Sunday, March 31, 2024"),
        ("Easter 2025", "Sunday, April 20, 2025"),
        ("Easter 2027", "Sunday, March 28, 2027"),
        ("Christmas 2026", "Friday, December 25, 2026"),
        ("Ash Wednesday 2027", "Wednesday, February 10, 2027"),
        ("Pentecost 2026", "Sunday, May 24, 2026"),
        ("Palm Sunday 2026", "Sunday, March 29, 2026"),
    ];
    for (query, date) in cases {
        let text = readings(&sim, query).await;
        assert!(text.starts_with(&format!("Mass readings for {date}\n")), "{query}: {text}");
        assert!(text.contains("Gospel: "), "{query}");
        assert!(text.contains("Sample data"), "{query}");
    }
    assert!(readings(&sim, "today").await.contains("Saint Joseph"));
    assert!(readings(&sim, "Easter 2026").await.contains("Easter Sunday of the Resurrection"));
    assert!(readings(&sim, "Ash Wednesday 2027").await.contains("Joel 2:12-18"));
    sim.shutdown().await;
}

#[tokio::test]
async fn liturgical_readings_empty_case() {
    let sim = start().await;
    for query in ["someday soon", "2026-02-30", "1850-01-01", "2200-06-01", "   "] {
        assert_eq!(readings(&sim, query).await, "No mass readings found.", "{query}");
    }
    let data_only =
        send_parts(&sim, "liturgical_readings", json!([{ "kind": "data", "data": { "date": "2026-03-19" } }])).await;
    assert_eq!(single_text(&data_only, "mass_readings"), "No mass readings found.");
    sim.shutdown().await;
}

#[tokio::test]
async fn saints_of_the_day_by_data_or_text() {
    let sim = start().await;
    let by_data =
        send_parts(&sim, "saints_of_the_day", json!([{ "kind": "data", "data": { "date": "2026-03-19" } }])).await;
    let text = single_text(&by_data, "martyrology");
    assert!(text.starts_with("Roman Martyrology for Thursday, March 19, 2026"), "{text}");
    assert!(text.contains("Saint Joseph") && text.contains("sample"));
    let today = single_text(&send_text(&sim, Some("saints_of_the_day"), "today").await, "martyrology");
    assert_eq!(today, text);
    for (query, needle) in [
        ("2026-12-25", "Nativity"),
        ("2027-01-01", "Mother of God"),
        ("2026-11-01", "All Saints"),
        ("2026-11-02", "Faithful Departed"),
        ("2026-08-15", "Assumption"),
        ("2026-06-29", "Peter and Paul"),
        ("2026-12-08", "Immaculate Conception"),
        ("2026-11-30", "Andrew"),
        ("Christmas 2030", "Nativity"),
    ] {
        let text = single_text(&send_text(&sim, Some("saints_of_the_day"), query).await, "martyrology");
        assert!(text.contains(needle), "{query}: {text}");
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn saints_of_the_day_empty_case() {
    let sim = start().await;
    for parts in [
        json!([{ "kind": "data", "data": { "date": "2026-03-20" } }]),
        json!([{ "kind": "data", "data": { "date": "not a date" } }]),
        json!([{ "kind": "data", "data": { "when": "2026-03-19" } }]),
        json!([{ "kind": "text", "text": "whenever" }]),
    ] {
        let task = send_parts(&sim, "saints_of_the_day", parts).await;
        assert_eq!(single_text(&task, "martyrology"), "No martyrology data found.");
    }
    sim.shutdown().await;
}
