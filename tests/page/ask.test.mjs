// The "Ask a question" panel against the simulator: an answer with numbered,
// safely linked sources and related questions; follow-ups in one conversation.
import { test } from "node:test";
import assert from "node:assert/strict";
import { freshToken, openDemo, settled, storedTask, submit, text, withBrowser } from "./harness.mjs";

test("ask shows the answer, numbered sources with safe links, and related questions", async () => {
  await withBrowser(async (page) => {
    await openDemo(page, await freshToken());
    await submit(page, "#ask", "#ask-question", "What is grace?");
    assert.equal(await page.locator("#ask .turn").count(), 1);
    assert.equal(await text(page, "#ask .turn .question"), "What is grace?");
    assert.match(await text(page, "#ask .turn .answer"), /grace.*\[1\]/i);
    const citations = page.locator("#ask .citation");
    assert.ok((await citations.count()) > 0, "the sample corpus cites its documents");
    assert.match(await text(page, "#ask .citation .citation-number"), /^\[\d+\]$/);
    assert.match(await text(page, "#ask .citation .citation-title"), /\(sample\)/);
    assert.match(await text(page, "#ask .citation .citation-meta"), /\[sample\].* · SC \d+/);
    const links = await page.locator("#ask .citation a").evaluateAll((anchors) =>
      anchors.map((a) => ({ protocol: a.protocol, rel: a.rel, target: a.target })));
    assert.ok(links.length > 0);
    for (const link of links) assert.deepEqual(link, { protocol: "https:", rel: "noopener noreferrer", target: "_blank" });
    assert.ok((await page.locator("#ask .related-question").count()) > 0);
    assert.equal(await text(page, "#ask .status"), "");
  });
});

test("a related question is asked next in the same conversation, and a new conversation starts afresh", async () => {
  const token = await freshToken();
  await withBrowser(async (page) => {
    await openDemo(page, token);
    await submit(page, "#ask", "#ask-question", "What is baptism?");
    const first = await page.locator("#ask .thread").getAttribute("data-context-id");
    assert.match(first, /\S/);
    const related = page.locator("#ask .related-question").first();
    const question = await related.innerText();
    await related.click();
    await settled(page, "#ask");
    assert.equal(await page.locator("#ask .turn").count(), 2);
    assert.equal(await text(page, "#ask .turn:nth-child(2) .question"), question);
    assert.equal(await page.locator("#ask .thread").getAttribute("data-context-id"), first);
    assert.match(await text(page, "#ask .conversation-state"), /2 questions/);
    // The simulator stored both tasks of the log in that conversation.
    const taskIds = await page.locator('#log tbody tr[data-skill="catholic_qa"]').evaluateAll((rows) => rows.map((r) => r.dataset.taskId));
    assert.equal(taskIds.length, 2);
    for (const id of taskIds) assert.equal((await storedTask(token, id)).contextId, first);

    await page.getByRole("button", { name: "New conversation" }).click();
    assert.equal(await page.locator("#ask .turn").count(), 0);
    await submit(page, "#ask", "#ask-question", "What is prayer?");
    const second = await page.locator("#ask .thread").getAttribute("data-context-id");
    assert.match(second, /\S/);
    assert.notEqual(second, first);
  });
});
