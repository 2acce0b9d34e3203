// The JS half of the executor (`drive` in npm/js/transport/driver.js) against scripted
// tasks: what each poll is given, how the call settles, when the task is freed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drive } from "../../npm/js/transport/driver.js";

/**
 * A task whose future awaits `awaits` (promises) in turn, then ends with
 * `end` (`{ ok, output }`); it records every poll and whether it was freed.
 * As the Rust `Task`, its `output` is the value, or throws the error.
 */
function scripted(awaits, end) {
  const polls = [];
  const task = {
    freed: 0,
    get output() {
      if (!end.ok) throw end.output;
      return end.output;
    },
    poll(ok, value) {
      polls.push([ok, value]);
      if (polls.length <= awaits.length) return awaits[polls.length - 1];
      return undefined;
    },
    free() {
      task.freed++;
    },
  };
  return { task, polls };
}

test("each awaited promise's outcome reaches the next poll; the call resolves with the output", async () => {
  const failure = new Error("refused");
  const { task, polls } = scripted([Promise.resolve("first"), Promise.reject(failure)], { ok: true, output: { done: 1 } });
  assert.deepEqual(await drive(task), { done: 1 });
  assert.deepEqual(polls, [[true, undefined], [true, "first"], [false, failure]]);
  assert.equal(task.freed, 1, "freed once, after the output was taken");
});

test("a future that ends with an error rejects the call with it", async () => {
  const error = new Error("BAD_RESPONSE");
  const { task } = scripted([], { ok: false, output: error });
  await assert.rejects(drive(task), (e) => e === error);
  assert.equal(task.freed, 1);
});

test("the first poll waits until the calling code has returned", async () => {
  const { task, polls } = scripted([], { ok: true, output: 1 });
  const call = drive(task);
  assert.equal(polls.length, 0, "not polled synchronously inside the method call");
  assert.equal(await call, 1);
});

test("a poll that throws (a trap) rejects the call instead of leaving it pending", async () => {
  const trap = new Error("unreachable");
  let polled = 0;
  const task = {
    poll() {
      polled++;
      if (polled === 2) throw trap;
      return Promise.resolve();
    },
    free() {},
  };
  await assert.rejects(drive(task), (e) => e === trap);
  assert.equal(polled, 2, "not polled again after the trap");
});
