// A2AClient's streams in Chromium, cross-origin: Magisterium's card without
// streaming (one message/send). The fixture agents' events in every binding
// (in order, in the one shape; a task needing input or failing, a cancel
// while streaming, a subscription): the behaviour table
// (tests/agent-behaviours.mjs, run in the page by agent-behaviours.test.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { freshToken, simulatorUrl, withAgentPage } from "./agent-page.mjs";

test("Magisterium's card has no streaming: sendMessageStream is one message/send and yields the completed task", async () => {
  const token = await freshToken();
  await withAgentPage(async (page) => {
    const methods = [];
    page.on("request", (request) => {
      if (request.method() === "POST") methods.push(request.postDataJSON().method);
    });
    const { protocolVersion, events, error } = await page.evaluate(async ([base, token]) => {
      const client = await a2a.A2AClient.discover(base, { token });
      const request = { parts: [{ kind: "text", text: "What is grace?" }], skillId: "catholic_qa" };
      return { protocolVersion: client.protocolVersion, ...(await drain(client.sendMessageStream(request))) };
    }, [simulatorUrl, token]);
    assert.equal(protocolVersion, "0.3");
    assert.equal(error, undefined);
    assert.equal(events.length, 1, "exactly one event");
    assert.deepEqual([events[0].kind, events[0].status.state], ["task", "completed"]);
    assert.deepEqual(methods, ["message/send"]);
  });
});
