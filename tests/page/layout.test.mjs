// Layout and keyboard: two columns on a desktop, one on a phone with nothing
// wider than the screen, no jump while loading, every control reachable by
// Tab with a visible focus ring. Saves the screenshots to `screenshots/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { DESKTOP, PHONE, fault, freshToken, openDemo, openParishPage, submit, widgetShows, withBrowser } from "./harness.mjs";

const screenshots = fileURLToPath(new URL("../../screenshots/", import.meta.url));

/** Fills every panel with an answer. */
async function useEveryPanel(page) {
  await submit(page, "#ask", "#ask-question", "What is the Eucharist?");
  await submit(page, "#documents", "#documents-query", "grace");
  await page.locator("#documents .open-document").first().click();
  await page.waitForSelector("#documents .document-title");
  await submit(page, "#readings", "#readings-date", "2026-04-05");
  await submit(page, "#saints", "#saints-date", "2026-03-19");
}

/** The left edges and widths of the four panels, and how far the page scrolls sideways. */
function geometry(page) {
  return page.evaluate(() => ({
    lefts: [...document.querySelectorAll(".panel")].map((p) => Math.round(p.getBoundingClientRect().left)),
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
}

const layouts = [
  { name: "desktop: the panels stand two by two", viewport: DESKTOP, columns: 2, file: "demo-desktop.png" },
  { name: "phone: the panels stand in one column", viewport: PHONE, columns: 1, file: "demo-phone.png" },
];

for (const { name, viewport, columns, file } of layouts) {
  test(`${name}, nothing is wider than the screen; screenshot saved`, async () => {
    await mkdir(screenshots, { recursive: true });
    await withBrowser(async (page) => {
      await openDemo(page, await freshToken());
      await useEveryPanel(page);
      await page.locator("#widget button[type='submit']").click();
      await widgetShows(page, "#widget magisterium-readings", "content");
      const { lefts, overflow } = await geometry(page);
      assert.equal(new Set(lefts).size, columns, `${columns} column(s): ${lefts}`);
      assert.equal(overflow, 0, "no sideways scrolling");
      await page.screenshot({ path: `${screenshots}${file}`, fullPage: true });
    }, { viewport });
  });
}

test("the parish page: screenshot saved", async () => {
  await mkdir(screenshots, { recursive: true });
  await withBrowser(async (page) => {
    await openParishPage(page);
    await widgetShows(page, "#readings", "content");
    await page.waitForFunction(() => document.querySelector("#saints").shadowRoot.querySelector(".card").dataset.state !== "loading");
    await page.screenshot({ path: `${screenshots}widget.png`, fullPage: true });
  });
});

test("nothing below a panel moves while it loads", async () => {
  const token = await freshToken();
  await withBrowser(async (page) => {
    await openDemo(page, token);
    await submit(page, "#saints", "#saints-date", "2026-03-19");
    const boxes = () => Promise.all([page.locator("#saints").boundingBox(), page.locator("#log").evaluate((log) => log.getBoundingClientRect().top)]);
    const before = await boxes();
    await fault(token, "slow", { delayMs: 1500 });
    await page.fill("#saints-date", "2026-03-17");
    await page.locator("#saints button[type='submit']").click();
    await page.waitForSelector("#saints[aria-busy='true'] .status .spinner");
    assert.deepEqual(await boxes(), before, "the panel keeps its size and what follows stays put");
    await page.waitForSelector("#saints[aria-busy='false']");
  });
});

test("every control is reachable with Tab, shows a focus ring, and Enter asks", async () => {
  await withBrowser(async (page) => {
    await openDemo(page, await freshToken());
    await page.locator("body").click({ position: { x: 1, y: 1 } });
    const reached = [];
    while (reached.at(-1)?.id !== "Show the widgets" && reached.length < 40) {
      await page.keyboard.press("Tab");
      reached.push(await page.evaluate(() => {
        const e = document.activeElement;
        return { id: e.id || e.textContent.trim(), outline: getComputedStyle(e).outlineStyle };
      }));
    }
    const ids = reached.map((r) => r.id);
    for (const id of ["endpoint", "token", "ask-question", "Ask", "New conversation", "documents-query", "Search", "readings-date", "Show readings", "readings-words", "Find readings", "saints-date", "Show saints"]) {
      assert.ok(ids.includes(id), `Tab reaches ${id} (${ids})`);
    }
    assert.ok(ids.indexOf("endpoint") < ids.indexOf("ask-question") && ids.indexOf("ask-question") < ids.indexOf("Show saints"), "in reading order");
    assert.deepEqual(reached.filter((r) => r.outline === "none"), [], "each shows a focus ring");
    await page.locator("#ask-question").focus();
    await page.keyboard.type("What is hope?");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#ask[aria-busy='false'] .turn");
  });
});
