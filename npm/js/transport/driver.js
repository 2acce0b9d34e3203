// The driver: each time a call's future awaits a promise, the promise settles
// here and the future is polled again with the outcome. No Rust closure is
// handed to JS, so an await costs one `then` and one crossing. (A module of
// its own here, but not a snippet of its own: wasm-bindgen-test-runner's page
// stalled intermittently while loading one more snippet module, see
// npm/src/driver.rs; the build joins this folder into one, `index.js`.)

/**
 * Drives `call` (a Rust `DrivenCall`); resolves or rejects as its future ends. A
 * poll that throws (a trap: a bug, never outside data) rejects the call
 * instead of leaving it pending forever.
 */
export function drive(call) {
  return new Promise((resolve, reject) => {
    const step = (ok, value) => {
      let awaited;
      try {
        awaited = call.poll(ok, value);
      } catch (trap) {
        return reject(trap);
      }
      if (awaited !== undefined) {
        awaited.then((settled) => step(true, settled), (error) => step(false, error));
        return;
      }
      // `output` is the call's value, or throws its error.
      try {
        resolve(call.output);
      } catch (error) {
        reject(error);
      }
      call.free();
    };
    // The first poll runs after the calling method returned, as later ones do.
    queueMicrotask(() => step(true, undefined));
  });
}
