//! What each client method asks for: its JS arguments read into a [`Job`]
//! and its [`CallConfig`], the calls themselves made by the core's
//! [`methods`]. Every refusal is INVALID_INPUT, before any request.

#[cfg(feature = "magisterium")]
use crate::caller_values;
use crate::caller_values::serialized;
use crate::json_view::Json;
use crate::options::{CallConfig, Reader, call_config};
use alloc::string::String;
use magisterium_a2a::sans_io::call::{Call, SendMode};
use magisterium_a2a::sans_io::error::CallError;
use magisterium_a2a::sans_io::methods;
#[cfg(feature = "magisterium")]
use magisterium_a2a::sans_io::methods::DateArg;
use magisterium_a2a::sans_io::poll;
use magisterium_a2a::sans_io::validate;
#[cfg(feature = "magisterium")]
use magisterium_a2a::sans_io::validate::Date;
#[cfg(feature = "agents")]
use magisterium_a2a::sans_io::wire::OTHER;
#[cfg(feature = "magisterium")]
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

type Result<T> = core::result::Result<T, CallError<Json>>;

/// The methods of the client classes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ClientMethod {
    #[cfg(feature = "magisterium")]
    /// `ask(question, { contextId })`.
    Ask,
    #[cfg(feature = "magisterium")]
    /// `searchDocuments(query)`.
    SearchDocuments,
    #[cfg(feature = "magisterium")]
    /// `fetchDocument(id)`.
    FetchDocument,
    #[cfg(feature = "magisterium")]
    /// `massReadings(date)`.
    MassReadings,
    #[cfg(feature = "magisterium")]
    /// `saintsOfTheDay(date)`.
    SaintsOfTheDay,
    /// `sendMessage({ parts, skillId, contextId, taskId })`.
    SendMessage,
    /// `getTask(id)`.
    GetTask,
    /// `cancelTask(id)`.
    CancelTask,
    /// `waitForTask(id, { pollIntervalMs })`.
    WaitForTask,
    #[cfg(feature = "agents")]
    /// `sendMessageStream({ parts, skillId, contextId, taskId })`.
    SendMessageStream,
    #[cfg(feature = "agents")]
    /// `subscribeToTask(id)`.
    SubscribeToTask,
    #[cfg(feature = "agents")]
    /// `listTasks(params)`.
    ListTasks,
    #[cfg(feature = "agents")]
    /// `_call(method, params, options)`: a call of `client.extras()`
    /// (`method` its index in the core's [`OTHER`]).
    Other(u8),
}

/// A client method's work.
pub enum Job {
    /// One JSON-RPC call.
    Call(Call),
    /// `waitForTask`: `tasks/get` until the task settles.
    Wait {
        /// The task.
        id: String,
        /// The first interval between polls.
        first_interval_ms: f64,
    },
}

/// Reads `method`'s first argument and its options. The stream methods of an
/// agent that does not stream (`streaming` false) stand in with one
/// `message/send` that waits for the end, or with polling, so that their
/// stream yields the final task.
pub fn prepare(
    method: ClientMethod,
    argument: &JsValue,
    options: &JsValue,
    #[cfg_attr(not(feature = "agents"), allow(unused_variables))] streaming: bool,
) -> Result<(Job, CallConfig)> {
    let keys: &[&str] = match method {
        #[cfg(feature = "magisterium")]
        ClientMethod::Ask => &["signal", "timeoutMs", "contextId"],
        ClientMethod::WaitForTask => &["signal", "timeoutMs", "pollIntervalMs"],
        #[cfg(feature = "agents")]
        ClientMethod::SendMessageStream | ClientMethod::SubscribeToTask => &["signal", "timeoutMs", "resubscribe"],
        _ => &["signal", "timeoutMs"],
    };
    let mut config = call_config(options, keys)?;
    #[cfg(feature = "agents")]
    {
        config.events = matches!(method, ClientMethod::SendMessageStream | ClientMethod::SubscribeToTask);
    }
    let text = argument.as_string();
    let call = match method {
        #[cfg(feature = "magisterium")]
        ClientMethod::Ask => methods::ask(text, config.context_id.take())?,
        #[cfg(feature = "magisterium")]
        ClientMethod::SearchDocuments => methods::search_documents(text)?,
        #[cfg(feature = "magisterium")]
        ClientMethod::FetchDocument => methods::fetch_document(text)?,
        #[cfg(feature = "magisterium")]
        ClientMethod::MassReadings => methods::mass_readings(date_argument(argument)?),
        #[cfg(feature = "magisterium")]
        ClientMethod::SaintsOfTheDay => methods::saints_of_the_day(date_argument(argument)?),
        ClientMethod::SendMessage => send_message(argument, SendMode::Reply)?,
        #[cfg(feature = "agents")]
        ClientMethod::SendMessageStream if streaming => send_message(argument, SendMode::Stream)?,
        #[cfg(feature = "agents")]
        ClientMethod::SendMessageStream => send_message(argument, SendMode::Final)?,
        ClientMethod::GetTask => methods::get_task(text)?,
        ClientMethod::CancelTask => methods::cancel_task(text)?,
        #[cfg(feature = "agents")]
        ClientMethod::SubscribeToTask if streaming => methods::subscribe_to_task(text)?,
        #[cfg(feature = "agents")]
        ClientMethod::ListTasks => {
            // No params (`undefined` or `null`): `{}`.
            let params = if argument.is_undefined() || argument.is_null() { &js_sys::Object::new() } else { argument };
            let (params_json, parsed) = serialized(params, "params must be a JSON object")?;
            methods::list_tasks(params_json, &parsed)?
        }
        #[cfg(feature = "agents")]
        ClientMethod::Other(index) => match (OTHER.get(usize::from(index)), text) {
            (Some(&method), Some(params)) => Call::Other { method, params },
            _ => return Err(CallError::invalid_input("not a call of client.extras()")),
        },
        #[cfg(feature = "agents")]
        ClientMethod::SubscribeToTask => return wait(text, config),
        ClientMethod::WaitForTask => return wait(text, config),
    };
    Ok((Job::Call(call), config))
}

/// `tasks/get` until the task settles: `waitForTask`, and the stream of a
/// task of an agent that does not stream.
fn wait(id: Option<String>, config: CallConfig) -> Result<(Job, CallConfig)> {
    let first_interval_ms = config.poll_interval_ms.unwrap_or(poll::DEFAULT_INTERVAL_MS);
    Ok((Job::Wait { id: validate::required_text("id", id)?, first_interval_ms }, config))
}

/// `{ parts, skillId?, contextId?, taskId? }`: parts serialized by `JSON.stringify`,
/// then checked on their parsed copy (plain data, whatever the caller passed).
fn send_message(message: &JsValue, mode: SendMode) -> Result<Call> {
    let m = Reader::new(message, "message", &[&["parts", "skillId", "contextId", "taskId"]])?;
    let parts = m.get("parts").unwrap_or(JsValue::UNDEFINED);
    let (parts_json, parsed) = serialized(&parts, "parts must be a JSON-serializable array of A2A parts")?;
    let (skill_id, context_id, task_id) = (m.string("skillId")?, m.string("contextId")?, m.string("taskId")?);
    methods::send_message(parts_json, &parsed, skill_id, context_id, task_id, mode)
}

#[cfg(feature = "magisterium")]
/// Reads a `Date` (its local calendar day) or a string (`YYYY-MM-DD` must be
/// a real day; other text is a query).
fn date_argument(value: &JsValue) -> Result<DateArg> {
    if let Some(date) = value.dyn_ref::<js_sys::Date>() {
        let invalid = || CallError::invalid_input("date is an invalid Date");
        // A Proxy passes `instanceof` but is no Date; after this its getters cannot throw.
        caller_values::get_time(value).ok().filter(|t| t.is_finite()).ok_or_else(invalid)?;
        let day = Date::new(date.get_full_year().into(), i64::from(date.get_month()) + 1, date.get_date().into());
        return day.map(DateArg::Date).ok_or_else(invalid);
    }
    DateArg::parse(value.as_string())
}
