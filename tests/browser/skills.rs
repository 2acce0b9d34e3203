//! All five skills, happy and empty cases, and conversations, in the browser.

use crate::support::*;
use js_sys::Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
async fn ask_answers_with_citations_and_follows_up_in_the_same_context() {
    let (c, _) = own_client().await;
    let answer = ok(c.ask("What is grace?".into(), none())).await;
    assert!(text(&answer, "text").len() > 20);
    let citations = Array::from(&get(&answer, "citations"));
    assert!(citations.length() > 0);
    let first = citations.get(0);
    assert!(!text(&first, "documentTitle").is_empty());
    assert!(number(&first, "documentIndex").is_some());
    assert!(get(&first, "raw").is_object());
    let related = Array::from(&get(&answer, "relatedQuestions"));
    assert!(related.iter().all(|q| q.is_string()));
    let context = text(&answer, "contextId");
    let follow_up = ok(c.ask("How is it received?".into(), object(&[("contextId", context.clone().into())]))).await;
    assert_eq!(text(&follow_up, "contextId"), context);
    assert_ne!(text(&follow_up, "taskId"), text(&answer, "taskId"));
}

#[wasm_bindgen_test]
async fn ask_about_nothing_in_the_corpus_still_answers() {
    let (c, _) = own_client().await;
    let answer = ok(c.ask("xylophone quasar zebra".into(), none())).await;
    assert!(!text(&answer, "text").is_empty());
    assert_eq!(Array::from(&get(&answer, "citations")).length(), 0);
}

#[wasm_bindgen_test]
async fn search_then_fetch_opens_the_document() {
    let (c, _) = own_client().await;
    let hits = Array::from(&ok(c.search_documents("grace".into(), none())).await);
    assert!(hits.length() > 0);
    let hit = hits.get(0);
    let document = ok(c.fetch_document(text(&hit, "id").into(), none())).await;
    assert_eq!(text(&document, "id"), text(&hit, "id"));
    assert_eq!(text(&document, "title"), text(&hit, "title"));
    assert!(!text(&document, "text").is_empty());
    let _ = (text(&document, "author"), text(&document, "ref"));
}

#[wasm_bindgen_test]
async fn empty_cases_are_empty_results_or_null() {
    let (c, _) = own_client().await;
    assert_eq!(Array::from(&ok(c.search_documents("xylophone quasar zebra".into(), none())).await).length(), 0);
    assert!(ok(c.fetch_document("no-such-document".into(), none())).await.is_null());
    assert!(ok(c.mass_readings("the feast of nothing in particular".into(), none())).await.is_null());
    assert!(ok(c.saints_of_the_day("gibberish date words".into(), none())).await.is_null());
}

#[wasm_bindgen_test]
async fn readings_understand_dates_in_every_form() {
    let (c, _) = own_client().await;
    for query in ["Easter Sunday 2026", "next Sunday", "2026-12-25", "Ash Wednesday 2027"] {
        let readings = ok(c.mass_readings(query.into(), none())).await;
        assert!(readings.as_string().is_some_and(|r| !r.is_empty()), "{query}");
    }
    let date = js_sys::Date::new_with_year_month_day(2026, 3, 5);
    assert!(ok(c.mass_readings(date.into(), none())).await.is_string());
}

#[wasm_bindgen_test]
async fn saints_take_a_date_a_date_object_or_a_query() {
    let (c, _) = own_client().await;
    let joseph = ok(c.saints_of_the_day("2026-03-19".into(), none())).await.as_string().unwrap_or_default();
    assert!(joseph.contains("Joseph"), "{joseph}");
    let date = js_sys::Date::new_with_year_month_day(2026, 2, 19);
    let same = ok(c.saints_of_the_day(date.into(), none())).await.as_string().unwrap_or_default();
    assert_eq!(same, joseph);
    let today = ok(c.saints_of_the_day("today".into(), none())).await;
    assert!(today.is_string() || today.is_null(), "a day may have no entry: {today:?}");
}

#[wasm_bindgen_test]
async fn send_message_runs_any_skill_and_returns_the_raw_task() {
    let (c, _) = own_client().await;
    let message =
        object(&[("parts", json(r#"[{"kind":"text","text":"grace"}]"#)), ("skillId", "document_search".into())]);
    let task = ok(c.send_message(message, none())).await;
    assert_eq!(text(&task, "kind"), "task");
    assert_eq!(text(&get(&task, "status"), "state"), "completed");
    let artifact = Array::from(&get(&task, "artifacts")).get(0);
    assert_eq!(text(&artifact, "name"), "search_results");
    let roles: Vec<String> = Array::from(&get(&task, "history")).iter().map(|m| text(&m, "role")).collect();
    assert_eq!(roles, ["user", "agent"]);
    let default_skill = object(&[("parts", json(r#"[{"kind":"text","text":"What is grace?"}]"#))]);
    let qa = ok(c.send_message(default_skill, none())).await;
    let artifact = Array::from(&get(&qa, "artifacts")).get(0);
    assert_eq!(text(&artifact, "name"), "catholic_qa_response", "catholic_qa is the default skill");
}

/// Calls in flight at once each settle with their own outcome: the one
/// executor hands the outcome of every awaited promise to the call that
/// awaited it, whatever order the responses arrive in.
#[wasm_bindgen_test]
async fn concurrent_calls_of_one_client_each_get_their_own_outcome() {
    let (c, _) = own_client().await;
    let queries = ["grace", "baptism", "prayer", "Eucharist"];
    let as_json = |value: &JsValue| String::from(js_sys::JSON::stringify(value).unwrap_or_default());
    let mut alone = Vec::new();
    for q in queries {
        alone.push(as_json(&ok(c.search_documents(q.into(), none())).await));
    }
    let saints_alone = as_json(&ok(c.saints_of_the_day("2026-03-19".into(), none())).await);
    let searches: Vec<_> = queries.iter().map(|q| c.search_documents((*q).into(), none())).collect();
    let missing = c.get_task("no-such-task".into(), none());
    let saints = c.saints_of_the_day("2026-03-19".into(), none());
    rejects(missing, "TASK_NOT_FOUND").await;
    assert_eq!(as_json(&ok(saints).await), saints_alone);
    for (search, expected) in searches.into_iter().zip(&alone) {
        assert_eq!(&as_json(&ok(search).await), expected);
    }
    assert_eq!(alone.iter().collect::<std::collections::BTreeSet<_>>().len(), queries.len(), "four different answers");
}
