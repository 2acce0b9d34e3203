//! A stream that resubscribes once to its task after a network drop
//! ([`A2AClientBuilder::resubscribe`](crate::A2AClientBuilder::resubscribe)):
//! the events of the first connection, then, when the core says the failure
//! may be resumed ([`Seen::resume_after`]), those of `tasks/resubscribe`
//! (1.0 `SubscribeToTask`) the consumer has not had ([`Seen::is_new`]).

use super::results::A2AStreamEvent;
use crate::client::error::Error;
use crate::sans_io::resume::Seen;
use futures_core::Stream;
use futures_util::{StreamExt, stream};
use std::pin::Pin;

/// Where a resuming stream stands: the first connection's events, the
/// client that resubscribes (until it has), the resubscription's events,
/// and what the consumer has had.
struct Resuming<S, T, C> {
    first: Pin<Box<S>>,
    client: Option<C>,
    again: Option<Pin<Box<T>>>,
    seen: Seen,
    /// Whether events are noted at all (a stream that may resubscribe).
    noted: bool,
}

/// `events`, resubscribed once by `subscribe` on `client` after a drop;
/// with no `client`, `events` as they come.
pub(super) fn resuming<S, T, C>(
    events: S,
    client: Option<C>,
    subscribe: fn(&C, String) -> T,
) -> impl Stream<Item = Result<A2AStreamEvent, Error>>
where
    S: Stream<Item = Result<A2AStreamEvent, Error>>,
    T: Stream<Item = Result<A2AStreamEvent, Error>>,
{
    let noted = client.is_some();
    let state = Resuming { first: Box::pin(events), client, again: None::<Pin<Box<T>>>, seen: Seen::new(), noted };
    stream::unfold(state, move |mut state| async move {
        loop {
            let next = match state.again.as_mut() {
                Some(again) => again.next().await?,
                None => state.first.next().await?,
            };
            match next {
                Ok(event) if !state.noted => return Some((Ok(event), state)),
                Ok(event) => {
                    // The event's JSON, as the core reads events (serializing it cannot fail: string keys only).
                    let value = serde_json::to_value(&event).unwrap_or_default();
                    if state.seen.is_new(&value) {
                        return Some((Ok(event), state));
                    }
                }
                // Whether, and to which task, is the core's rule, once per stream (`Seen::resume_after`).
                Err(error) => match (state.seen.resume_after(error.code()), &state.client) {
                    (Some(id), Some(client)) => state.again = Some(Box::pin(subscribe(client, id))),
                    _ => return Some((Err(error), state)),
                },
            }
        }
    })
}
