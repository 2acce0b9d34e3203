// The WordPress part of `cargo xtask screenshots` (not a test): Settings →
// Magisterium as the webmaster sees it not connected, connected through the
// simulator's consent page, and after the service refused the token (Check
// now while the simulator answers 401), and the block editor with both blocks
// and the readings' sidebar, saved as PNG files in SCREENSHOTS_DIR (docs/).
// The settings page's states are those accessibility.test.mjs checks with axe-core.
import { join } from "node:path";
import { ARGS, executablePath } from "../chromium.mjs";
import { SETTINGS_PAGE, connectThroughConsent, logIn, pageWithCookies } from "./admin.mjs";
import { PARISH_PAGE } from "./pages.mjs";
import { startSite } from "./site.mjs";

const out = process.env.SCREENSHOTS_DIR;
const simulator = process.env.MAGISTERIUM_SIMULATOR;
if (!out || !simulator) throw new Error("SCREENSHOTS_DIR and MAGISTERIUM_SIMULATOR are not set: run `cargo xtask screenshots`");

/** The files this driver writes in SCREENSHOTS_DIR. */
const WORDPRESS_SCREENSHOTS = ["wordpress-not-connected.png", "wordpress-connected.png", "wordpress-refused.png", "wordpress-editor.png"];

/** On `page`: a new page in the block editor with both blocks, the readings' sidebar open (its date and language). */
async function showBlocks(page) {
  await page.goto(`${site.url}/wp-admin/post-new.php?post_type=page`);
  const names = ["magisterium-a2a/saints", "magisterium-a2a/readings"];
  await page.waitForFunction((all) => all.every((name) => window.wp?.blocks?.getBlockType(name)), names, { timeout: 60_000 });
  await page.evaluate((all) => {
    if (wp.data.select("core/edit-post").isFeatureActive("welcomeGuide")) wp.data.dispatch("core/edit-post").toggleFeature("welcomeGuide");
    wp.data.dispatch("core/editor").editPost({ title: "This week at St. Example" });
    const blocks = [wp.blocks.createBlock(all[0]), wp.blocks.createBlock(all[1], { date: "next Sunday", lang: "es" })];
    wp.data.dispatch("core/block-editor").insertBlocks(blocks);
    wp.data.dispatch("core/block-editor").selectBlock(blocks[1].clientId);
    wp.data.dispatch("core/edit-post").openGeneralSidebar("edit-post/block");
  }, names);
  await page.locator(".block-editor-block-inspector select").filter({ has: page.locator('option[value="es"]') }).waitFor({ timeout: 30_000 });
  // Each block shows its widget's card once the card has its answer.
  await page.waitForFunction(() => {
    const cards = [...document.querySelectorAll("magisterium-saints, magisterium-readings")].map((element) => element.shadowRoot?.querySelector(".card"));
    return cards.length === 2 && cards.every((card) => card && card.dataset.state !== "loading");
  }, null, { timeout: 30_000 });
}

const site = await startSite({ plugin: process.env.MAGISTERIUM_WP_PLUGIN, settings: { upstream: process.env.MAGISTERIUM_ENDPOINT }, pages: [PARISH_PAGE] });
const { chromium } = await import("playwright-core");
const browser = await chromium.launch({ executablePath, args: ARGS });
try {
  const page = await pageWithCookies(browser, site, await logIn(site));
  await page.setViewportSize({ width: 1280, height: 1100 });
  const shoot = (name) => page.screenshot({ path: join(out, name), fullPage: true });
  await page.goto(`${site.url}${SETTINGS_PAGE}`);
  await shoot(WORDPRESS_SCREENSHOTS[0]);
  await connectThroughConsent(page, site);
  await shoot(WORDPRESS_SCREENSHOTS[1]);
  await showBlocks(page);
  await page.screenshot({ path: join(out, WORDPRESS_SCREENSHOTS[3]) });
  const refusal = { fault: "error", code: -32004, message: "Unauthorized", httpStatus: 401 };
  const armed = await fetch(`${simulator}/_sim/faults`, { method: "POST", body: JSON.stringify(refusal), headers: { "Content-Type": "application/json" } });
  if (!armed.ok) throw new Error(`the simulator's fault: HTTP ${armed.status}`);
  await page.goto(`${site.url}${SETTINGS_PAGE}`);
  await Promise.all([page.waitForURL(/options-general\.php\?page=magisterium-a2a/), page.click('input[type="submit"][value="Check now"]')]);
  await shoot(WORDPRESS_SCREENSHOTS[2]);
} finally {
  await browser.close();
  await site.stop();
}
