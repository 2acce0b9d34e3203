//! The executor's bookkeeping with fake promises (names) and outcomes
//! (strings): tasks are polled as `drive` in `js/transport.js` polls them,
//! each promise settling with `"<name> settled"`.

use super::*;
use core::future::poll_fn;
use std::cell::RefCell;
use std::rc::Rc;

type Promise = &'static str;
type Settled = String;

/// A handoff that lives as long as the test (`Wait`s borrow it from inside `'static` futures).
fn handoff() -> &'static Handoff<Promise, Settled> {
    Box::leak(Box::new(Handoff::new()))
}

/// The outcome a fake promise settles with.
fn settled(promise: Promise) -> Settled {
    format!("{promise} settled")
}

/// Polls `task` as `drive` does until it ends: the promises it awaited, and its last step.
fn drive(
    handoff: &Handoff<Promise, Settled>,
    task: &mut Resumable<Settled>,
) -> (Vec<Promise>, Polled<Promise, Settled>) {
    let mut awaited = Vec::new();
    let mut outcome = String::from("first poll");
    loop {
        match task.poll(handoff, outcome) {
            Polled::Await(promise) => {
                awaited.push(promise);
                outcome = settled(promise);
            }
            end => return (awaited, end),
        }
    }
}

/// Both futures to their end, polled in turn each time (a `join!`).
async fn join<A: Future + Unpin, B: Future + Unpin>(mut a: A, mut b: B) -> (A::Output, B::Output) {
    let (mut a_out, mut b_out) = (None, None);
    poll_fn(|cx| {
        if a_out.is_none()
            && let Poll::Ready(out) = Pin::new(&mut a).poll(cx)
        {
            a_out = Some(out);
        }
        if b_out.is_none()
            && let Poll::Ready(out) = Pin::new(&mut b).poll(cx)
        {
            b_out = Some(out);
        }
        if a_out.is_some() && b_out.is_some() {
            return Poll::Ready((a_out.take().unwrap(), b_out.take().unwrap()));
        }
        Poll::Pending
    })
    .await
}

/// The output of whichever future ends first, polled in turn (a `select!`).
async fn select<T>(mut a: impl Future<Output = T> + Unpin, mut b: impl Future<Output = T> + Unpin) -> T {
    poll_fn(|cx| match Pin::new(&mut a).poll(cx) {
        Poll::Ready(out) => Poll::Ready(out),
        Poll::Pending => Pin::new(&mut b).poll(cx),
    })
    .await
}

#[test]
fn each_wait_is_resumed_with_the_outcome_of_its_own_promise() {
    let handoff = handoff();
    let mut task = Resumable::new(async move {
        let first = handoff.wait("a").await;
        let second = handoff.wait("b").await;
        format!("{first}, {second}")
    });
    assert_eq!(drive(handoff, &mut task), (vec!["a", "b"], Polled::Done("a settled, b settled".to_string())));
}

#[test]
fn a_join_of_two_waits_fails_the_call_instead_of_swapping_outcomes() {
    let handoff = handoff();
    let mut joined = Resumable::new(async move {
        let (a, b) = join(handoff.wait("a"), handoff.wait("b")).await;
        format!("a: {a}, b: {b}")
    });
    assert_eq!(drive(handoff, &mut joined), (vec![], Polled::Bug(AwaitBug::TwoAwaits)));
}

#[test]
fn a_select_of_two_waits_fails_the_call_instead_of_giving_one_the_other_s_outcome() {
    let handoff = handoff();
    let mut selected = Resumable::new(async move { select(handoff.wait("a"), handoff.wait("b")).await });
    assert_eq!(drive(handoff, &mut selected), (vec![], Polled::Bug(AwaitBug::TwoAwaits)));
}

#[test]
fn a_wait_polled_again_without_its_outcome_takes_no_other_wait_s() {
    let handoff = handoff();
    let repolls = Rc::new(RefCell::new(Vec::new()));
    let seen = repolls.clone();
    let mut task = Resumable::new(async move {
        let mut first = handoff.wait("a");
        let a = (&mut first).await;
        // While "b" is awaited, `first` (already done) is polled again in every poll.
        let mut second = handoff.wait("b");
        let b = poll_fn(|cx| {
            seen.borrow_mut().push(Pin::new(&mut first).poll(cx));
            Pin::new(&mut second).poll(cx)
        })
        .await;
        format!("{a}, {b}")
    });
    assert_eq!(drive(handoff, &mut task), (vec!["a", "b"], Polled::Done("a settled, b settled".to_string())));
    assert_eq!(*repolls.borrow(), [Poll::Pending, Poll::Pending], "the outcome of b went to b");
}

#[test]
fn a_wait_moved_to_another_task_never_takes_that_task_s_outcome() {
    let handoff = handoff();
    let moved = Rc::new(RefCell::new(None));
    let give = moved.clone();
    let mut first = Resumable::new(async move {
        let mut wait = handoff.wait("a");
        let _ = poll_fn(|cx| Poll::Ready(Pin::new(&mut wait).poll(cx))).await;
        // Registered in this task's poll, the wait leaves for the second task.
        *give.borrow_mut() = Some(wait);
        poll_fn(|_| Poll::Pending).await
    });
    assert_eq!(first.poll(handoff, String::new()), Polled::Await("a"));
    let mut second = Resumable::new(async move {
        let mut stolen = moved.borrow_mut().take().unwrap();
        let mut own = handoff.wait("b");
        poll_fn(|cx| {
            if let Poll::Ready(taken) = Pin::new(&mut stolen).poll(cx) {
                return Poll::Ready(format!("the moved wait took {taken}"));
            }
            Pin::new(&mut own).poll(cx)
        })
        .await
    });
    assert_eq!(drive(handoff, &mut second), (vec!["b"], Polled::Done("b settled".to_string())));
}

#[test]
fn a_future_that_suspends_without_a_wait_fails_the_call() {
    let handoff = handoff();
    let mut task = Resumable::new(async move {
        poll_fn(|_| Poll::<()>::Pending).await;
        String::new()
    });
    assert_eq!(drive(handoff, &mut task), (vec![], Polled::Bug(AwaitBug::NoPromise)));
}

/// What the inner task of [`nested`] does.
#[derive(Clone, Copy)]
enum Inner {
    /// Ends at once.
    Ends,
    /// Awaits "inner".
    Waits,
    /// Suspends without a wait.
    Suspends,
}

/// The outer task's step and the inner task's when the inner task is polled
/// inside the outer's poll, after the outer one's wait handed out "outer".
fn nested(does: Inner) -> (Polled<Promise, Settled>, Polled<Promise, Settled>) {
    let handoff = handoff();
    let mut inner = Resumable::new(async move {
        match does {
            Inner::Ends => String::from("inner done"),
            Inner::Waits => handoff.wait("inner").await,
            Inner::Suspends => poll_fn(|_| Poll::Pending).await,
        }
    });
    let inner_step = Rc::new(RefCell::new(None));
    let step = inner_step.clone();
    let mut outer = Resumable::new(async move {
        let mut own = handoff.wait("outer");
        poll_fn(|cx| {
            let polled = Pin::new(&mut own).poll(cx);
            *step.borrow_mut() = Some(inner.poll(handoff, String::from("first poll")));
            polled
        })
        .await
    });
    let outer_step = outer.poll(handoff, String::from("first poll"));
    (outer_step, inner_step.take().unwrap())
}

#[test]
fn a_poll_run_inside_another_leaves_each_a_bug_or_its_own_promise() {
    assert_eq!(nested(Inner::Waits), (Polled::Bug(AwaitBug::TwoAwaits), Polled::Await("inner")));
    assert_eq!(nested(Inner::Ends), (Polled::Bug(AwaitBug::NoPromise), Polled::Done("inner done".to_string())));
    assert_eq!(nested(Inner::Suspends), (Polled::Bug(AwaitBug::NoPromise), Polled::Bug(AwaitBug::NoPromise)));
}

#[test]
fn an_outcome_no_wait_takes_is_released_when_the_poll_ends() {
    let handoff: &'static Handoff<Promise, Rc<()>> = Box::leak(Box::new(Handoff::new()));
    let mut task = Resumable::new(async move {
        let mut dropped = handoff.wait("a");
        let _ = poll_fn(|cx| Poll::Ready(Pin::new(&mut dropped).poll(cx))).await;
        poll_fn(|_| Poll::Pending).await
    });
    assert_eq!(task.poll(handoff, Rc::new(())), Polled::Await("a"));
    let outcome = Rc::new(());
    assert_eq!(task.poll(handoff, outcome.clone()), Polled::Bug(AwaitBug::NoPromise));
    assert_eq!(Rc::strong_count(&outcome), 1, "the handoff let go of the outcome");
}
