// Runs a call's Rust future to its end: each time the future awaits a
// promise, the promise settles here in JS and the future is polled again with
// the outcome. No Rust closure is handed to JS, so an await costs one `then`
// and one crossing.

/** Drives `task` (a Rust `Task`); resolves or rejects as its future ends. */
export function drive(task) {
  return new Promise((resolve, reject) => {
    const step = (ok, value) => {
      const awaited = task.poll(ok, value);
      if (awaited !== undefined) {
        awaited.then((settled) => step(true, settled), (error) => step(false, error));
        return;
      }
      const settle = task.ok ? resolve : reject;
      settle(task.output);
      task.free();
    };
    // The first poll runs after the calling method returned, as later ones do.
    queueMicrotask(() => step(true, undefined));
  });
}
