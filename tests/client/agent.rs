//! `A2AClient` natively against the simulator's streaming A2A 1.0 test agent
//! (`/agent`): discovery, every method, streams and subscriptions, the
//! agent's error codes; and, against servers of the test's own on
//! 127.0.0.1, the token's audience and a dropped stream's connection.

use crate::support::*;
use futures_util::StreamExt;
use magisterium_a2a::{
    A2AClient, A2AStreamEvent, Binding, Dialect, ErrorCode, ListTasksParams, Part, ProtocolVersion, SendMessageParams,
    SendResult, Task, TaskState, WaitOptions,
};
use serde_json::{Map, Value, json};
use std::pin::pin;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// The test agent's base URL on `sim`.
fn agent_base(sim: &magisterium_sim::Simulator) -> String {
    format!("http://{}/agent", sim.addr())
}

/// A message to the skill `skill`, with the data part `data` when given.
fn to_skill(skill: &str, data: Option<Value>) -> SendMessageParams {
    let mut parts = vec![Part::text(skill)];
    if let Some(Value::Object(data)) = data {
        parts.push(Part::data(data));
    }
    SendMessageParams::new(parts).skill_id(skill)
}

/// The task of a `send_message` that must answer one.
fn task_of(sent: SendResult) -> Task {
    match sent {
        SendResult::Task(task) => task,
        other => panic!("a task, not {other:?}"),
    }
}

#[tokio::test]
async fn discover_reads_the_card_and_every_task_method_works() {
    let sim = simulator().await;
    let agent = A2AClient::discover(&agent_base(&sim)).await.expect("the card is found");
    assert_eq!(agent.protocol_version(), ProtocolVersion::V1_0);
    assert_eq!(agent.dialect(), Dialect::A2a);
    assert_eq!(agent.endpoint(), agent_base(&sim));
    assert_eq!(agent.card().map(|c| c.name.as_str()), Some("Streaming test agent (magisterium-sim)"));

    // echo: completed at once, its artifact the message's parts, in the 0.3 shape.
    let echoed = task_of(agent.send_message(to_skill("echo", None)).await.expect("echo answers"));
    assert_eq!(echoed.status.state, TaskState::Completed);
    let artifact = &echoed.artifacts.as_ref().expect("an artifact")[0];
    assert_eq!((artifact.name.as_deref(), artifact.parts[0].as_text()), (Some("echo"), Some("echo")));
    assert_eq!(serde_json::to_value(&echoed).unwrap()["kind"], "task");
    let got = agent.get_task(&echoed.id).await.expect("the task is found");
    assert_eq!((got.id.as_str(), got.status.state.clone()), (echoed.id.as_str(), TaskState::Completed));
    // reply: a message, and no task.
    match agent.send_message(to_skill("reply", None)).await.expect("reply answers") {
        SendResult::Message(message) => {
            assert_eq!(message.role, "agent");
            assert_eq!(message.parts[0].as_text(), Some("You said: reply"));
        }
        other => panic!("a message, not {other:?}"),
    }

    // stream, sent with `returnImmediately`: working, then waited for.
    let slow = json!({"chunks": 2, "delayMs": 50});
    let working = task_of(agent.send_message(to_skill("stream", Some(slow))).await.expect("stream answers"));
    assert!(!working.status.state.is_settled(), "{:?}", working.status.state);
    let options = WaitOptions::default().poll_interval(Duration::from_millis(50));
    let done = agent.wait_for_task(&working.id, options).await.expect("the wait ends");
    assert_eq!(done.status.state, TaskState::Completed);

    // A cancel while it works, and a second one too late.
    let long = json!({"chunks": 20, "delayMs": 2000});
    let running = task_of(agent.send_message(to_skill("stream", Some(long))).await.expect("stream answers"));
    let canceled = agent.cancel_task(&running.id).await.expect("a working task is cancelable");
    assert_eq!(canceled.status.state, TaskState::Canceled);
    let e = agent.cancel_task(&running.id).await.unwrap_err();
    assert_eq!((e.code(), e.rpc_code()), (ErrorCode::TaskNotCancelable, Some(-32002)));

    // The list: in the 0.3 shape, filtered by the state as 1.0 names it.
    let page = agent.list_tasks(ListTasksParams::default().context_id(&canceled.context_id)).await.expect("a page");
    assert_eq!(page.tasks.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(), [canceled.id.as_str()]);
    let canceled_ones = agent.list_tasks(ListTasksParams::default().status(TaskState::Canceled)).await.expect("a page");
    assert!(canceled_ones.tasks.iter().all(|t| t.status.state == TaskState::Canceled));
    assert!(canceled_ones.tasks.iter().any(|t| t.id == canceled.id));
    assert!(page.next_page_token.is_some());
}

#[tokio::test]
async fn the_agents_errors_have_their_codes() {
    let sim = simulator().await;
    let agent = A2AClient::discover(&agent_base(&sim)).await.expect("the card is found");
    let e = agent.get_task("no-such-task").await.unwrap_err();
    assert_eq!((e.code(), e.rpc_code(), e.http_status()), (ErrorCode::TaskNotFound, Some(-32001), Some(200)));
    // The A2A 1.0 agent's reason (its `google.rpc.ErrorInfo`'s `metadata.detail`), and the task asked for.
    let reason = "Task not found: no task `no-such-task` here (never created, or forgotten)";
    assert_eq!((e.message(), e.task_id()), (reason, Some("no-such-task")));
    let e = agent.send_message(to_skill("stream", Some(json!({"chunks": 99})))).await.unwrap_err();
    assert_eq!((e.code(), e.rpc_code()), (ErrorCode::InvalidParams, Some(-32602)));
    let done = task_of(agent.send_message(to_skill("echo", None)).await.expect("echo answers"));
    let mut events = pin!(agent.subscribe_to_task(&done.id));
    let e = events.next().await.expect("one item").unwrap_err();
    assert_eq!((e.code(), e.rpc_code()), (ErrorCode::UnsupportedOperation, Some(-32004)));
    assert!(events.next().await.is_none(), "an error ends the stream");
    let e = A2AClient::discover(&format!("http://{}/no/card", sim.addr())).await.unwrap_err();
    assert_eq!((e.code(), e.http_status()), (ErrorCode::BadResponse, Some(404)));
    assert!(e.message().contains("agent-card.json"), "{}", e.message());
    // Magisterium's card (the simulator's): 0.3, its dialect, no streams.
    let magisterium = A2AClient::discover(&sim.url()).await.expect("the service's card");
    assert_eq!((magisterium.protocol_version(), magisterium.dialect()), (ProtocolVersion::V0_3, Dialect::Magisterium));
    assert_eq!(magisterium.endpoint(), sim.endpoint());
    let e = A2AClient::builder().endpoint(agent_base(&sim)).extensions(["a,b"]).build().unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidInput, "an extension the header cannot carry");
    let e = A2AClient::builder().build().unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidInput, "an endpoint or discovery is needed");
}

/// Every event of `events`, until it ends; panics on an error.
async fn all_events(
    events: impl futures_util::Stream<Item = Result<A2AStreamEvent, magisterium_a2a::Error>>,
) -> Vec<A2AStreamEvent> {
    let mut events = pin!(events);
    let mut all = Vec::new();
    while let Some(event) = events.next().await {
        all.push(event.expect("no error mid-stream"));
    }
    all
}

#[tokio::test]
async fn a_stream_yields_each_change_in_the_0_3_shape() {
    let sim = simulator().await;
    let agent = A2AClient::discover(&agent_base(&sim)).await.expect("the card is found");
    let events =
        all_events(agent.send_message_stream(to_skill("stream", Some(json!({"chunks": 3, "delayMs": 10}))))).await;
    let Some(A2AStreamEvent::Task(first)) = events.first() else { panic!("the task first: {events:?}") };
    assert_eq!(first.status.state, TaskState::Submitted);
    let chunks: Vec<(String, bool, bool)> = events
        .iter()
        .filter_map(|e| match e {
            A2AStreamEvent::ArtifactUpdate(u) => {
                Some((u.artifact.parts[0].as_text().map(str::to_owned)?, u.append, u.last_chunk))
            }
            _ => None,
        })
        .collect();
    let expected = [("chunk 0", false, false), ("chunk 1", true, false), ("chunk 2", true, true)];
    assert_eq!(chunks, expected.map(|(t, a, l)| (t.to_owned(), a, l)));
    let Some(A2AStreamEvent::StatusUpdate(last)) = events.last() else { panic!("a status last: {events:?}") };
    assert_eq!((last.status.state.clone(), last.is_final), (TaskState::Completed, true));
    let json = serde_json::to_value(last).unwrap();
    assert_eq!((json["kind"].as_str(), json["final"].as_bool()), (Some("status-update"), Some(true)));
    assert_eq!(json["status"]["state"], "completed", "1.0's TASK_STATE_COMPLETED in the 0.3 shape");

    // A subscription to a task under way: the task as it stands, then its changes to the end.
    let slow = json!({"chunks": 2, "delayMs": 300});
    let working = task_of(agent.send_message(to_skill("stream", Some(slow))).await.expect("stream answers"));
    let followed = all_events(agent.subscribe_to_task(&working.id)).await;
    assert!(matches!(followed.first(), Some(A2AStreamEvent::Task(t)) if t.id == working.id), "{followed:?}");
    assert!(
        matches!(followed.last(), Some(A2AStreamEvent::StatusUpdate(u)) if u.status.state == TaskState::Completed),
        "{followed:?}"
    );
    // A reply: one message event.
    let replied = all_events(agent.send_message_stream(to_skill("reply", None))).await;
    assert!(matches!(replied.as_slice(), [A2AStreamEvent::Message(m)] if m.role == "agent"), "{replied:?}");
}

#[tokio::test]
async fn an_event_over_the_bound_ends_the_stream() {
    let sim = simulator().await;
    let agent = A2AClient::builder().max_response_bytes(64).discover(&agent_base(&sim)).await.expect("a client");
    let mut events = pin!(agent.send_message_stream(to_skill("stream", Some(json!({"chunks": 1, "delayMs": 0})))));
    let e = events.next().await.expect("one item").unwrap_err();
    assert_eq!(e.code(), ErrorCode::BadResponse);
    assert!(e.message().contains("larger than the limit"), "{}", e.message());
    assert!(events.next().await.is_none());
}

/// A server on 127.0.0.1 answering each connection's first request with what
/// `respond` makes of it (its head and body, as text), then holding the
/// connection open until the client closes it; each connection's end is
/// reported on the channel. Stopped when its task is aborted.
async fn serve(
    respond: impl Fn(&str) -> String + Clone + Send + 'static,
) -> (String, tokio::sync::mpsc::UnboundedReceiver<()>, tokio::task::JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let addr = listener.local_addr().expect("an address");
    let (closed, ends) = tokio::sync::mpsc::unbounded_channel();
    let server = tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let (respond, closed) = (respond.clone(), closed.clone());
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") && socket.read(&mut byte).await.unwrap_or(0) == 1 {
                    head.push(byte[0]);
                }
                let length = String::from_utf8_lossy(&head)
                    .lines()
                    .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|n| n.trim().to_owned()))
                    .and_then(|n| n.parse::<usize>().ok())
                    .unwrap_or(0);
                let mut body = vec![0u8; length];
                let _ = socket.read_exact(&mut body).await;
                head.extend_from_slice(&body);
                let response = respond(&String::from_utf8_lossy(&head));
                let _ = socket.write_all(response.as_bytes()).await;
                // Holds the connection until the client closes it.
                let mut rest = [0u8; 64];
                while socket.read(&mut rest).await.unwrap_or(0) > 0 {}
                let _ = closed.send(());
            });
        }
    });
    (format!("http://{addr}"), ends, server)
}

/// An HTTP/1.1 response whose body is the JSON `body` (the connection then closed: one request each).
fn json_response(body: &str) -> String {
    format!(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// An HTTP/1.1 response of `content_type` whose body is `body` (no length: the connection stays open).
fn open_response(content_type: &str, body: &str) -> String {
    format!("HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\n\r\n{body}")
}

#[tokio::test]
async fn dropping_a_stream_closes_its_connection() {
    let event = json!({"jsonrpc": "2.0", "id": 1, "result": {"task": {"id": "t", "contextId": "c", "status": {"state": "TASK_STATE_WORKING"}}}});
    let stream = open_response("text/event-stream", &format!("data: {event}\n\n"));
    let (base, mut ends, server) = serve(move |_| stream.clone()).await;
    let agent = A2AClient::builder().endpoint(&base).protocol_version(ProtocolVersion::V1_0).build().expect("a client");
    let mut events = Box::pin(agent.send_message_stream(to_skill("stream", None)));
    let Some(Ok(A2AStreamEvent::Task(task))) = events.next().await else { panic!("the first event") };
    assert_eq!((task.id.as_str(), task.status.state), ("t", TaskState::Working));
    assert!(ends.try_recv().is_err(), "the stream holds its connection");
    drop(events);
    let closed = tokio::time::timeout(Duration::from_secs(30), ends.recv()).await;
    assert_eq!(closed.ok().flatten(), Some(()), "the server saw the connection end");
    server.abort();
}

#[tokio::test]
async fn a_fixed_token_goes_only_to_the_cards_host_unless_its_origin_is_listed() {
    // The card (at 127.0.0.1) names an endpoint on another host, 127.0.0.2.
    let card = json!({"name": "Elsewhere", "capabilities": {}, "skills": [],
        "supportedInterfaces": [{"url": "http://127.0.0.2:9/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]});
    let card = card.to_string();
    let (base, _ends, server) = serve(move |_| json_response(&card)).await;
    let e = A2AClient::builder().token("secret-token").discover(&base).await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidInput);
    assert!(e.message().contains("\"http://127.0.0.2:9\"") && e.message().contains("tokenOrigins"), "{}", e.message());
    assert!(!e.message().contains("secret-token"));
    let listed = A2AClient::builder().token("secret-token").token_origins(["http://127.0.0.2:9"]).discover(&base).await;
    assert_eq!(listed.expect("a listed origin may receive the token").endpoint(), "http://127.0.0.2:9/a2a");
    let untokened = A2AClient::discover(&base).await.expect("without a token any endpoint will do");
    assert_eq!(untokened.protocol_version(), ProtocolVersion::V1_0);
    server.abort();
}

#[tokio::test]
async fn extensions_and_the_version_header_are_sent_and_the_activated_ones_read() {
    let event = json!({"jsonrpc": "2.0", "id": 1, "result": {"message": {"messageId": "m", "role": "ROLE_AGENT", "parts": [{"text": "hi"}]}}});
    let body = event.to_string();
    let requests = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = requests.clone();
    let (base, _ends, server) = serve(move |request| {
        seen.lock().unwrap().push(request.to_owned());
        json_response(&body).replacen("\r\n", "\r\nA2A-Extensions: https://ext.example/a\r\n", 1)
    })
    .await;
    let agent = A2AClient::builder()
        .endpoint(&base)
        .protocol_version(ProtocolVersion::V1_0)
        .extensions(["https://ext.example/a", "https://ext.example/b"])
        .build()
        .expect("a client");
    let sent = agent.send_message(SendMessageParams::new(vec![Part::data(Map::new())])).await.expect("an answer");
    assert_eq!(sent.activated_extensions(), ["https://ext.example/a"], "the agent's answer says which it activated");
    assert!(
        matches!(sent, SendResult::Message(ref m) if m.role == "agent" && m.parts[0].as_text().is_some()),
        "{sent:?}"
    );
    let request = requests.lock().unwrap().concat().to_ascii_lowercase();
    server.abort();
    assert!(request.contains("a2a-version: 1.0\r\n"), "{request}");
    assert!(request.contains("a2a-extensions: https://ext.example/a,https://ext.example/b\r\n"), "{request}");
    assert!(request.contains("\"method\":\"sendmessage\"") && request.contains("\"role\":\"role_user\""), "{request}");
}

#[tokio::test]
async fn over_http_json_each_method_has_its_route_the_version_header_and_the_token() {
    let task = json!({"id": "a/b", "contextId": "c", "status": {"state": "TASK_STATE_COMPLETED"}});
    let requests = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = requests.clone();
    let (base, _ends, server) = serve(move |request| {
        seen.lock().unwrap().push(request.to_owned());
        let line = request.lines().next().unwrap_or_default().to_owned();
        let not_found = json!({"error": {"code": 404, "status": "NOT_FOUND", "message": "Task not found: x",
            "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND"}]}});
        let event = json!({"error": {"code": 400, "message": "gone",
            "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION"}]}});
        if line.contains("/tasks/x ") {
            json_response(&not_found.to_string()).replacen("200 OK", "404 Not Found", 1)
        } else if line.contains("/extendedAgentCard ") {
            json_response(&json!({"name": "REST, extended", "capabilities": {}, "skills": []}).to_string())
        } else if line.contains(":subscribe ") {
            let first = json!({"task": {"id": "t", "contextId": "c", "status": {"state": "TASK_STATE_WORKING"}}});
            let stream = format!("data: {first}\n\nevent: error\ndata: {event}\n\n");
            format!("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n{stream}")
        } else {
            json_response(&task.to_string())
        }
    })
    .await;
    let card = json!({"name": "REST", "capabilities": {"streaming": true, "extendedAgentCard": true}, "skills": [],
        "supportedInterfaces": [{"url": format!("{base}/api/"), "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]});
    let card_text = card.to_string();
    let (card_base, _card_ends, card_server) = serve(move |_| json_response(&card_text)).await;
    // The card is read at `localhost`, another host than the interface's 127.0.0.1.
    let card_base = card_base.replace("127.0.0.1", "localhost");
    let e = A2AClient::builder().token("secret-token").discover(&card_base).await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidInput, "{e}: the token is kept from an interface on another host");
    let agent = A2AClient::builder()
        .token("secret-token")
        .token_origins([base.clone()])
        .discover(&card_base)
        .await
        .expect("a listed origin may receive the token");
    assert_eq!((agent.binding(), agent.endpoint()), (Binding::HttpJson, format!("{base}/api/")));
    let got = agent.get_task("a/b").await.expect("the task");
    assert_eq!((got.id.as_str(), got.status.state), ("a/b", TaskState::Completed));
    let e = agent.get_task("x").await.unwrap_err();
    assert_eq!((e.code(), e.http_status(), e.rpc_code()), (ErrorCode::TaskNotFound, Some(404), None));
    assert_eq!(e.message(), "Task not found: x");
    let canceled = agent.cancel_task("a/b").await.expect("a task");
    assert_eq!(canceled.id, "a/b");
    let events: Vec<_> = agent.subscribe_to_task("t").collect().await;
    assert!(matches!(events[0], Ok(A2AStreamEvent::Task(ref t)) if t.status.state == TaskState::Working), "{events:?}");
    let e = events[1].as_ref().unwrap_err();
    assert_eq!((e.code(), e.http_status()), (ErrorCode::UnsupportedOperation, Some(200)), "an `event: error` ends it");
    assert_eq!(events.len(), 2);
    let sent = agent.send_message(SendMessageParams::new(vec![Part::text("hi")])).await.expect("an answer");
    assert!(matches!(sent, SendResult::Task(_)), "a bare task is a task");
    let extended = agent.extended_card().await.expect("the extended card");
    assert_eq!(extended.name, "REST, extended");
    server.abort();
    card_server.abort();
    let requests = requests.lock().unwrap().clone();
    let lines: Vec<&str> = requests.iter().map(|r| r.lines().next().unwrap_or_default()).collect();
    assert_eq!(
        lines,
        [
            "GET /api/tasks/a%2Fb HTTP/1.1",
            "GET /api/tasks/x HTTP/1.1",
            "POST /api/tasks/a%2Fb:cancel HTTP/1.1",
            "GET /api/tasks/t:subscribe HTTP/1.1",
            "POST /api/message:send HTTP/1.1",
            "GET /api/extendedAgentCard HTTP/1.1",
        ]
    );
    for request in &requests {
        let lower = request.to_ascii_lowercase();
        assert!(lower.contains("\r\na2a-version: 1.0\r\n"), "{request}");
        assert!(lower.contains("\r\nauthorization: bearer secret-token\r\n"), "{request}");
    }
    let send = &requests[4];
    assert!(send.contains("content-type: application/json") || send.contains("Content-Type: application/json"));
    let body: Value = serde_json::from_str(send.split_once("\r\n\r\n").unwrap().1).expect("a JSON body");
    assert_eq!((body["message"]["role"].as_str(), body.get("jsonrpc")), (Some("ROLE_USER"), None), "{body}");
    assert!(!requests[0].to_ascii_lowercase().contains("content-type"), "a GET has no body");
}

#[tokio::test]
async fn overlapping_calls_each_carry_their_own_activated_extensions() {
    // A 0.3 agent: the extensions go as `X-A2A-Extensions`, and come back so; each
    // answer activates an extension named after its task.
    let (base, _ends, server) = serve(move |request| {
        let id = if request.contains("\"id\":\"slow\"") { "slow" } else { "fast" };
        let ask = request.to_ascii_lowercase().contains("\r\nx-a2a-extensions: urn:ext:asked\r\n");
        let digits = request.split_once("\"jsonrpc\":\"2.0\",\"id\":").map_or("", |(_, rest)| rest);
        let rpc_id: u64 = digits.chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap_or(0);
        let task = json!({"jsonrpc": "2.0", "id": rpc_id, "result": {"kind": "task", "id": id, "contextId": "c",
            "status": {"state": "completed"}}});
        let header = if ask { format!("\r\nX-A2A-Extensions: urn:ext:{id}\r\n") } else { String::from("\r\n") };
        json_response(&task.to_string()).replacen("\r\n", &header, 1)
    })
    .await;
    let agent = A2AClient::builder().endpoint(&base).extensions(["urn:ext:asked"]).build().expect("a client");
    let (slow, fast) = tokio::join!(agent.get_task("slow"), agent.get_task("fast"));
    let (slow, fast) = (slow.expect("the slow task"), fast.expect("the fast task"));
    server.abort();
    assert_eq!(slow.activated_extensions, ["urn:ext:slow"], "each call its own, whichever answered last");
    assert_eq!(fast.activated_extensions, ["urn:ext:fast"]);
    let json = serde_json::to_value(&slow).expect("JSON");
    assert_eq!(json["activatedExtensions"], json!(["urn:ext:slow"]), "serialized as the npm package's member");
}

#[tokio::test]
async fn the_extended_card_is_asked_for_only_when_the_card_offers_one() {
    let sim = simulator().await;
    let agent = A2AClient::discover(&agent_base(&sim)).await.expect("the card is found");
    let e = agent.extended_card().await.unwrap_err();
    assert_eq!((e.code(), e.rpc_code()), (ErrorCode::AuthenticatedExtendedCardNotConfigured, None), "no request");
    let built = A2AClient::builder().endpoint(agent_base(&sim)).protocol_version(ProtocolVersion::V1_0).build();
    let e = built.expect("a client").extended_card().await.unwrap_err();
    assert_eq!((e.code(), e.rpc_code()), (ErrorCode::AuthenticatedExtendedCardNotConfigured, Some(-32007)));

    // A card that offers one: its answer is the card as sent (not brought to a task's shape).
    let extended = json!({"name": "Extended", "capabilities": {}, "skills": [], "status": {"state": "x"}});
    let answer = json!({"jsonrpc": "2.0", "id": 1, "result": extended}).to_string();
    let (base, _ends, server) = serve(move |request| {
        let host = request.lines().find_map(|l| l.strip_prefix("host: ")).unwrap_or_default().trim().to_owned();
        let card = json!({"name": "Public", "capabilities": {"extendedAgentCard": true}, "skills": [],
            "supportedInterfaces": [{"url": format!("http://{host}/a2a"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]});
        let sent = request.contains("\"method\":\"GetExtendedAgentCard\"");
        json_response(&if sent { answer.clone() } else { card.to_string() })
    })
    .await;
    let agent = A2AClient::discover(&base).await.expect("the card is found");
    let card = agent.extended_card().await.expect("the extended card");
    assert_eq!(serde_json::to_value(&card).expect("JSON"), extended);
    server.abort();
}

#[tokio::test]
async fn a_stream_ends_with_timeout_at_its_limit() {
    let sim = simulator().await;
    let agent = A2AClient::builder()
        .stream_timeout(Duration::from_millis(300))
        .discover(&agent_base(&sim))
        .await
        .expect("a client");
    let slow = json!({"chunks": 20, "delayMs": 2000});
    let mut events = pin!(agent.send_message_stream(to_skill("stream", Some(slow))));
    assert!(matches!(events.next().await, Some(Ok(A2AStreamEvent::Task(_)))), "the task first");
    let mut last = None;
    while let Some(event) = events.next().await {
        last = Some(event);
    }
    let e = last.expect("an item after the task").unwrap_err();
    assert_eq!(e.code(), ErrorCode::Timeout);
}

#[tokio::test]
async fn an_error_carries_the_server_s_request_id_bounded() {
    let rpc_error = json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001, "message": "Task not found"}});
    let not_found = json!({"error": {"code": 404, "status": "NOT_FOUND", "message": "Task not found",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND"}]}});
    let long = "r".repeat(10 * 1024);
    let (base, _ends, server) = serve(move |request| {
        let line = request.lines().next().unwrap_or_default().to_owned();
        if line.contains("/rest/tasks/") {
            json_response(&not_found.to_string()).replacen("200 OK\r\n", "404 Not Found\r\nrequest-id: req-rest\r\n", 1)
        } else if line.contains("/long") {
            json_response(&rpc_error.to_string()).replacen("\r\n", &format!("\r\nX-Request-Id: {long}\r\n"), 1)
        } else if line.contains("/large") {
            json_response(&format!("{{\"pad\":\"{}\"}}", "x".repeat(4096))).replacen(
                "\r\n",
                "\r\nx-request-id: req-large\r\n",
                1,
            )
        } else {
            json_response(&rpc_error.to_string()).replacen(
                "\r\n",
                "\r\nx-request-id: req-7f3a\r\nrequest-id: other\r\n",
                1,
            )
        }
    })
    .await;
    let at = |path: &str| A2AClient::builder().endpoint(format!("{base}{path}"));
    let e = at("/rpc").build().expect("a client").get_task("nope").await.unwrap_err();
    assert_eq!((e.code(), e.request_id()), (ErrorCode::TaskNotFound, Some("req-7f3a")), "x-request-id first");
    assert!(format!("{e:?}").contains(r#"request_id: "req-7f3a""#), "{e:?}");
    let rest =
        at("/rest/").protocol_version(ProtocolVersion::V1_0).binding(Binding::HttpJson).build().expect("a client");
    let e = rest.get_task("nope").await.unwrap_err();
    assert_eq!((e.code(), e.request_id()), (ErrorCode::TaskNotFound, Some("req-rest")), "HTTP+JSON, request-id");
    let e = at("/long").build().expect("a client").get_task("nope").await.unwrap_err();
    assert_eq!(e.request_id().map(str::len), Some(128), "a 10 KB header is cut");
    let e = at("/large").max_response_bytes(1024).build().expect("a client").get_task("nope").await.unwrap_err();
    assert_eq!((e.code(), e.request_id()), (ErrorCode::BadResponse, Some("req-large")), "a body too large");
    server.abort();
}

#[tokio::test]
async fn default_headers_go_with_every_request_and_never_override_the_client_s_own() {
    let requests = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = requests.clone();
    let rpc_error = json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001, "message": "Task not found"}});
    let (base, _ends, server) = serve(move |request| {
        seen.lock().unwrap().push(request.to_ascii_lowercase());
        json_response(&rpc_error.to_string())
    })
    .await;
    let agent = A2AClient::builder()
        .endpoint(&base)
        .token("secret-token")
        .header("X-Trace", "t-1")
        .header("x-api-version", "2")
        .build()
        .expect("a client");
    assert_eq!(agent.get_task("nope").await.unwrap_err().code(), ErrorCode::TaskNotFound);
    let request = requests.lock().unwrap().concat();
    server.abort();
    assert!(request.contains("x-trace: t-1\r\n") && request.contains("x-api-version: 2\r\n"), "{request}");
    assert!(request.contains("authorization: bearer secret-token\r\n"), "{request}");
    for (name, value) in [
        ("Authorization", "Bearer other"),
        ("a2a-version", "0.3"),
        ("Content-Type", "text/plain"),
        ("X Bad", "v"),
        ("X-Trace", "a\r\nInjected: 1"),
    ] {
        let refused = A2AClient::builder().endpoint(&base).header(name, value).build().map(drop).unwrap_err();
        assert_eq!(refused.code(), ErrorCode::InvalidInput, "{name}: {refused}");
    }
    let refused = magisterium_a2a::Client::builder().header("authorization", "x").build().map(drop).unwrap_err();
    assert_eq!(refused.code(), ErrorCode::InvalidInput, "both builders: {refused}");
}
