//! The bookkeeping of the bundle's executor (`crate::driver` binds it to JS
//! promises and `drive` in `js/transport.js`), generic over the promise `P`
//! and the outcome `V` so that the native tests run it with fake promises.
//!
//! A call's future is a [`Resumable`], polled to its next await and then resumed
//! with the outcome of the promise that await handed out. An await is a
//! [`Wait`]: on its first poll it hands its promise to the [`Handoff`] and
//! gets a ticket; an outcome goes only to the wait holding the ticket it was
//! resumed for, so no await can ever take another's outcome. A poll hands out
//! at most one promise: when a second wait registers in the same poll (a join
//! or select of two awaits) the call fails with [`AwaitBug::TwoAwaits`].

use alloc::boxed::Box;
use core::cell::Cell;
use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll, Waker};

#[cfg(test)]
mod tests;

/// Names one registration of a [`Wait`]; never reused (a `u64` does not
/// wrap). 0 names none: the first ticket is 1.
type Ticket = u64;

/// What passes between [`Resumable::poll`] and the waits polled inside it. `Cell`s,
/// not a `RefCell`: no borrow can fail, so no borrow-error formatting reaches
/// the bundle.
pub struct Handoff<P, V> {
    /// The outcome the polled future was resumed with, until its wait takes it.
    settled: Cell<Option<V>>,
    /// The ticket of the wait that outcome is for.
    settled_for: Cell<Ticket>,
    /// The promise the last wait to register handed out.
    awaiting: Cell<Option<P>>,
    /// The ticket of the next wait to register.
    next: Cell<Ticket>,
}

impl<P, V> Handoff<P, V> {
    /// A handoff no future has used yet.
    pub const fn new() -> Self {
        Handoff { settled: Cell::new(None), settled_for: Cell::new(0), awaiting: Cell::new(None), next: Cell::new(1) }
    }

    /// Awaits `promise`: its outcome, once the future is resumed with it.
    pub fn wait(&self, promise: P) -> Wait<'_, P, V> {
        Wait { handoff: self, promise: Some(promise), ticket: 0 }
    }
}

/// The future of [`Handoff::wait`].
pub struct Wait<'a, P, V> {
    handoff: &'a Handoff<P, V>,
    /// The promise, until the first poll hands it out.
    promise: Option<P>,
    /// The ticket the first poll got.
    ticket: Ticket,
}

impl<P: Unpin, V> Future for Wait<'_, P, V> {
    type Output = V;

    fn poll(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<V> {
        let handoff = self.handoff;
        if let Some(promise) = self.promise.take() {
            self.ticket = handoff.next.get();
            handoff.next.set(self.ticket + 1);
            handoff.awaiting.set(Some(promise));
            return Poll::Pending;
        }
        // Polled again without its outcome (after taking it, or in another
        // future's poll): pending, and a future left with no promise fails.
        match handoff.settled_for.get() == self.ticket {
            true => handoff.settled.take().map_or(Poll::Pending, Poll::Ready),
            false => Poll::Pending,
        }
    }
}

/// Why a call failed on its own account: a bug in the code it runs, reported
/// instead of a wrong outcome or a call that never settles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AwaitBug {
    /// Two waits handed out a promise in one poll.
    TwoAwaits,
    /// The future suspended without a wait handing out a promise.
    NoPromise,
}

/// What one poll of a [`Resumable`] ends in.
#[derive(Debug, PartialEq, Eq)]
pub enum Polled<P, V> {
    /// The future awaits this promise: poll it again with its outcome.
    Await(P),
    /// The future ended with this outcome.
    Done(V),
    /// The future broke the rules of awaiting (see [`AwaitBug`]).
    Bug(AwaitBug),
}

/// A call's future, polled through a [`Handoff`].
pub struct Resumable<V> {
    future: Pin<Box<dyn Future<Output = V>>>,
    /// The ticket of the wait whose promise the future awaits (0: none yet).
    awaiting: Ticket,
}

impl<V> Resumable<V> {
    /// `future`, not yet polled.
    pub fn new(future: impl Future<Output = V> + 'static) -> Self {
        Resumable { future: Box::pin(future), awaiting: 0 }
    }

    /// Polls the future, resumed with `outcome`: that of the promise the last
    /// poll answered with (ignored on the first poll). A poll run inside
    /// another (which `drive` never does) leaves each a bug or its own
    /// promise, never another's outcome.
    pub fn poll<P>(&mut self, handoff: &Handoff<P, V>, outcome: V) -> Polled<P, V> {
        let first = handoff.next.get();
        handoff.settled_for.set(self.awaiting);
        handoff.settled.set(Some(outcome));
        let polled = self.future.as_mut().poll(&mut Context::from_waker(Waker::noop()));
        handoff.settled.set(None);
        let promise = handoff.awaiting.take();
        // Tickets are handed out in order: those of this poll start at `first`.
        match (polled, handoff.next.get() - first, promise) {
            (_, 2.., _) => Polled::Bug(AwaitBug::TwoAwaits),
            (Poll::Ready(outcome), _, _) => Polled::Done(outcome),
            (Poll::Pending, 1, Some(promise)) => {
                self.awaiting = first;
                Polled::Await(promise)
            }
            (Poll::Pending, _, _) => Polled::Bug(AwaitBug::NoPromise),
        }
    }
}
