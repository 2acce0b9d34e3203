//! The results serialized with serde: exactly the JSON the npm package's
//! methods resolve with for the same response (the recorded responses of
//! `tests/fixtures/responses`, answered by the simulator's `result` fault).
//! The browser suite compares the two clients directly, value by value.

use crate::fixture;
use crate::support::*;
use serde_json::{Value, json};

fn shape<T: serde::Serialize>(result: &T) -> Value {
    serde_json::to_value(result).expect("results serialize")
}

#[tokio::test]
async fn an_answer_has_the_npm_shape() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    recorded(&sim, &token, fixture!("qa.json"), 1).await;
    let answer = client.ask("What is grace?").await.unwrap();
    // What `JSON.stringify` writes of the npm client's answer: its keys in the same order.
    let expected = concat!(
        r#"{"text":"Grace is a participation in the life of God [1].","citations":["#,
        r#"{"citedText":"Grace is favor, the free and undeserved help","citedTextHeading":"Grace","#,
        r#""documentTitle":"Catechism of the Catholic Church","documentIndex":1,"documentAuthor":"Holy See","#,
        r#""documentReference":"CCC 1996","documentYear":1992,"#,
        r#""sourceUrl":"https://www.vatican.va/archive/ENG0015/__P6Z.HTM","raw":{"relevance":0.92}},"#,
        r#"{"documentTitle":"Summa Theologiae","raw":{"document_index":"two","page":17}}],"#,
        r#""relatedQuestions":["What is sanctifying grace?","How is grace received?"],"#,
        r#""taskId":"task-qa-1","contextId":"ctx-1"}"#
    );
    assert_eq!(serde_json::to_string(&answer).unwrap(), expected);
    let expected: Value = serde_json::from_str(expected).unwrap();
    assert_eq!(shape(&answer), expected);
    assert_eq!(serde_json::from_value::<magisterium_a2a::QaAnswer>(expected).unwrap(), answer);
}

#[tokio::test]
async fn search_hits_and_documents_have_the_npm_shape() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    recorded(&sim, &token, fixture!("search.json"), 1).await;
    let hits = client.search_documents("grace").await.unwrap();
    let expected = json!([
        {"id": "12345", "url": "https://www.magisterium.com/documents/12345", "title": "Lumen Gentium"},
        {"id": "678", "url": "", "title": "Numeric id, no url"},
        {"id": "9", "url": "", "title": ""}
    ]);
    assert_eq!(shape(&hits), expected);
    recorded(&sim, &token, fixture!("fetch.json"), 1).await;
    let document = client.fetch_document("12345").await.unwrap();
    let expected = json!({"id": "12345", "title": "Lumen Gentium", "author": "Second Vatican Council",
        "ref": "LG 1", "text": "1. Christ is the Light of nations."});
    assert_eq!(shape(&document), expected);
    recorded(&sim, &token, fixture!("fetch_not_found.json"), 1).await;
    assert_eq!(shape(&client.fetch_document("12345").await.unwrap()), Value::Null);
}

#[tokio::test]
async fn texts_are_strings_or_null() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    recorded(&sim, &token, fixture!("readings.json"), 1).await;
    let readings = client.mass_readings("Easter Sunday 2026").await.unwrap();
    assert_eq!(shape(&readings), json!("Easter Sunday, 5 April 2026\nFirst Reading: Acts 10:34a, 37-43"));
    recorded(&sim, &token, fixture!("readings_empty.json"), 1).await;
    assert_eq!(shape(&client.mass_readings("today").await.unwrap()), Value::Null);
    recorded(&sim, &token, fixture!("saints.json"), 1).await;
    let saints = client.saints_of_the_day("2026-03-19").await.unwrap();
    assert_eq!(shape(&saints), json!("March 19. Solemnity of Saint Joseph, Spouse of the Blessed Virgin Mary."));
    recorded(&sim, &token, fixture!("saints_empty.json"), 1).await;
    assert_eq!(shape(&client.saints_of_the_day("2026-03-20").await.unwrap()), Value::Null);
}

#[tokio::test]
async fn a_task_serializes_as_it_was_sent() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    for response in [fixture!("task_working.json"), fixture!("qa.json"), fixture!("qa_minimal.json")] {
        recorded(&sim, &token, response, 1).await;
        let sent: Value = serde_json::from_str(response).unwrap();
        assert_eq!(shape(&client.get_task("any").await.unwrap()), sent["result"]);
    }
    let answer = client.ask("What is grace?").await.unwrap();
    let task = client.get_task(&answer.task_id).await.unwrap();
    let round_trip: magisterium_a2a::Task = serde_json::from_value(shape(&task)).unwrap();
    assert_eq!(round_trip, task);
}
