// How A2AClient's streams end early in Chromium, cross-origin against the
// v1.0 fixture (/v1): a loop left with `break` closes its connection (else
// Chromium's six connections per origin would run out and later calls would
// queue for ever), an aborted signal rejects with ABORTED and `timeoutMs`
// with TIMEOUT. Each call carries its own `timeoutMs`, so a stuck connection
// pool fails the test instead of hanging it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { agents, withAgentPage } from "./agent-page.mjs";

/** Streams abandoned in a row, over three times Chromium's six connections per origin. */
const ABANDONED = 20;

test(`${ABANDONED} streams abandoned after their first event leave the connections free: a call and a stream after them succeed`, async () => {
  await withAgentPage(async (page) => {
    const seen = await page.evaluate(async ([base, count]) => {
      const client = await a2a.A2AClient.discover(base);
      const first = [];
      try {
        for (let i = 0; i < count; i++) {
          for await (const event of client.sendMessageStream(message("slow", { delayMs: 10_000 }), { timeoutMs: 5000 })) {
            first.push(event);
            break;
          }
        }
        const call = await client.sendMessage(message("echo after"), { timeoutMs: 5000 });
        const stream = await drain(client.sendMessageStream(message("stream", { chunks: 2, delayMs: 10 }), { timeoutMs: 5000 }));
        return { first, call, stream };
      } catch (error) {
        return { first, error: described(error) };
      } finally {
        // Canceling earlier would end the streams from the agent's side and hide a connection the client kept open.
        await cancelAll(client, first);
      }
    }, [agents.v1, ABANDONED]);
    assert.equal(seen.error, undefined, `stream ${seen.first.length + 1} or a later call failed`);
    assert.equal(seen.first.length, ABANDONED);
    assert.ok(seen.first.every((event) => event.kind === "task" && event.status.state === "working"));
    assert.equal(seen.call.status.state, "completed");
    assert.equal(seen.stream.error, undefined);
    assert.deepEqual(seen.stream.events.map((event) => event.kind), ["task", "status-update", "artifact-update", "artifact-update", "status-update"]);
    assert.equal(seen.stream.events.at(-1).status.state, "completed");
  });
});

test("a stream whose signal is aborted mid-stream rejects with ABORTED", async () => {
  await withAgentPage(async (page) => {
    const { events, error } = await page.evaluate(async (base) => {
      const client = await a2a.A2AClient.discover(base);
      const controller = new AbortController();
      const events = [];
      try {
        for await (const event of client.sendMessageStream(message("slow", { delayMs: 5000 }), { signal: controller.signal })) {
          events.push(event);
          controller.abort();
        }
        return { events };
      } catch (error) {
        return { events, error: described(error) };
      } finally {
        await cancelAll(client, events);
      }
    }, agents.v1);
    assert.deepEqual(events.map((event) => [event.kind, event.status.state]), [["task", "working"]]);
    assert.equal(error?.code, "ABORTED");
  });
});

test("a stream that outlasts its timeoutMs rejects with TIMEOUT", async () => {
  await withAgentPage(async (page) => {
    const { events, error } = await page.evaluate(async (base) => {
      const client = await a2a.A2AClient.discover(base);
      const ended = await drain(client.sendMessageStream(message("slow", { delayMs: 5000 }), { timeoutMs: 300 }));
      await cancelAll(client, ended.events);
      return ended;
    }, agents.v1);
    assert.equal(error?.code, "TIMEOUT");
    assert.ok(events.every((event) => event.kind === "task"), "nothing but the working task came before the timeout");
  });
});
