// The demo's orchestrator page (orchestrator.html) in Chromium: the AI SDK's
// streamText with a scripted model calls Magisterium's `ask` and the
// simulator's streaming test agent as tools; the agent's progress shows as it
// streams, then the answer; Stop cancels the agent's task.
import { test } from "node:test";
import assert from "node:assert/strict";
import { A2AClient } from "magisterium-a2a/agents";
import { demoUrl, freshToken, withBrowser } from "./harness.mjs";
import { simulator } from "../node/harness.mjs";

async function openOrchestrator(page, token) {
  await page.goto(`${demoUrl}/orchestrator.html`);
  await page.waitForSelector("#orchestrator[data-ready='true']");
  await page.fill("#token", token);
}

const lines = (page, selector) => page.locator(selector).allInnerTexts();

test("the model's tool calls run in the page: progress as the agent streams, then the answer", async () => {
  await withBrowser(async (page) => {
    await openOrchestrator(page, await freshToken());
    await page.fill("#question", "What is baptism?");
    await page.click("#orchestrator button[type=submit]");
    await page.waitForSelector("#orchestrator[aria-busy='false'] .status:text('Done.')");
    const calls = await lines(page, "#orchestrator .calls li");
    assert.deepEqual(calls.slice(0, 2), ['ask({"question":"What is baptism?"})', 'test_agent_stream({"message":"stream","data":{"chunks":5,"delayMs":150}})']);
    assert.ok(calls.some((call) => /^ask → \S/.test(call)), calls.join("\n"));
    assert.ok(calls.includes("test_agent_stream → chunk 0"), calls.join("\n"));
    const progress = await lines(page, "#orchestrator .progress li");
    const chunks = progress.filter((item) => item.includes(" · chunk "));
    assert.deepEqual(chunks.map((item) => item.split(" · ").slice(0, 3).join(" · ")), [0, 1, 2, 3, 4].map((i) => `test_agent_stream · working · chunk ${i}`));
    assert.match(progress.at(-1), /^test_agent_stream · completed · task \S+$/);
    const answer = await page.locator("#orchestrator .answer").innerText();
    assert.match(answer, /^Here is what the tools said\.\nask: .+\ntest_agent_stream: chunk 0$/);
  });
});

test("Stop aborts the generation and cancels the agent's task", async () => {
  await withBrowser(async (page) => {
    await openOrchestrator(page, await freshToken());
    await page.click("#orchestrator button[type=submit]");
    const first = page.locator("#orchestrator .progress li", { hasText: "test_agent_stream · working" }).first();
    const taskId = /task (\S+)$/.exec(await first.innerText())?.[1];
    assert.ok(taskId, await first.innerText());
    await page.click("#stop");
    await page.waitForSelector("#orchestrator[aria-busy='false']");
    assert.equal(await page.locator("#orchestrator .status").innerText(), "Stopped (an agent task still running is canceled).");
    const agent = await A2AClient.discover(`${simulator}/agent`);
    let state = (await agent.getTask(taskId)).status.state;
    // The page sends the cancel as it stops; the agent may take a moment to show it (no timing asserted).
    while (state === "working") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (await agent.getTask(taskId)).status.state;
    }
    assert.equal(state, "canceled");
  });
});
