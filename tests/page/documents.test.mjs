// The "Search documents" panel against the simulator: ranked results, one
// opened with its full text and metadata.
import { test } from "node:test";
import assert from "node:assert/strict";
import { freshToken, openDemo, settled, submit, text, withBrowser } from "./harness.mjs";

test("search lists documents and opens one with its full text and metadata", async () => {
  await withBrowser(async (page) => {
    await openDemo(page, await freshToken());
    await submit(page, "#documents", "#documents-query", "grace");
    const results = page.locator("#documents .result");
    assert.ok((await results.count()) > 0);
    assert.match(await text(page, "#documents .status"), /\d+ documents? found/);
    const id = await results.first().getAttribute("data-id");
    const title = await text(page, "#documents .result .open-document");
    assert.match(await results.first().locator("a").getAttribute("href"), /^https:\/\//);
    await results.first().locator(".open-document").click();
    await settled(page, "#documents");
    assert.equal(await text(page, "#documents .document-title"), title);
    const meta = await page.locator("#documents .document-meta dd").allInnerTexts();
    assert.equal(meta.length, 3);
    assert.match(meta[0], /\S/, "author");
    assert.match(meta[1], /\S/, "reference");
    assert.equal(meta[2], id);
    assert.ok((await text(page, "#documents .document-text")).length > 100, "the full text");
  });
});

test("a search without hits says so", async () => {
  await withBrowser(async (page) => {
    await openDemo(page, await freshToken());
    await submit(page, "#documents", "#documents-query", "xylophone zebra quasar");
    assert.equal(await page.locator("#documents .result").count(), 0);
    assert.equal(await text(page, "#documents .status"), "No documents found.");
  });
});
