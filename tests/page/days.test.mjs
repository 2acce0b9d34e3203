// The "Mass readings" and "Saints of the day" panels against the simulator:
// a date from the picker or in words, and the empty case.
import { test } from "node:test";
import assert from "node:assert/strict";
import { freshToken, openDemo, submit, text, withBrowser } from "./harness.mjs";

test("readings for a date from the picker and for a date in words", async () => {
  await withBrowser(async (page) => {
    await openDemo(page, await freshToken());
    await submit(page, "#readings", "#readings-date", "2026-04-05");
    assert.match(await text(page, "#readings .day-text"), /Sunday, April 5, 2026 Easter Sunday/);
    await submit(page, "#readings", "#readings-words", "Christmas 2026");
    assert.match(await text(page, "#readings .day-text"), /December 25, 2026/);
    await submit(page, "#readings", "#readings-words", "the feast of nothing in particular");
    assert.equal(await text(page, "#readings .output"), "No Mass readings were found for that day.");
  });
});

test("saints for a date, and a day the Martyrology has nothing for", async () => {
  await withBrowser(async (page) => {
    await openDemo(page, await freshToken());
    assert.match(await page.inputValue("#saints-date"), /^\d{4}-\d{2}-\d{2}$/, "the picker starts at today");
    await submit(page, "#saints", "#saints-date", "2026-03-19");
    assert.match(await text(page, "#saints .day-text"), /March 19, 2026.*Saint Joseph/);
    await submit(page, "#saints", "#saints-date", "2026-06-10");
    assert.equal(await text(page, "#saints .output"), "Nothing is listed in the Martyrology for that day.");
  });
});
