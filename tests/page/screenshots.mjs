// The driver of `cargo xtask screenshots` (not a test): the demo's parish
// page on a phone and on a desktop, once both widgets show their answers,
// saved as PNG files in SCREENSHOTS_DIR (docs/). The widgets show today's
// saints and next Sunday's readings, so the pictures follow the calendar.
import { join } from "node:path";
import { DESKTOP, PHONE, openParishPage, widgetShows, withBrowser } from "./harness.mjs";

const out = process.env.SCREENSHOTS_DIR;
if (!out) throw new Error("SCREENSHOTS_DIR is not set: run `cargo xtask screenshots`");

for (const [name, viewport] of [["phone", PHONE], ["desktop", DESKTOP]]) {
  await withBrowser(async (page) => {
    await openParishPage(page);
    await widgetShows(page, "#saints", "content");
    await widgetShows(page, "#readings", "content");
    await page.screenshot({ path: join(out, `parish-${name}.png`) });
  }, { viewport });
}
