// The WordPress part of `cargo xtask screenshots` (not a test): Settings →
// Magisterium as the webmaster sees it not connected, connected through the
// simulator's consent page, and after the service refused the token (Check
// now while the simulator answers 401), saved as PNG files in SCREENSHOTS_DIR
// (docs/). The states are those accessibility.test.mjs checks with axe-core.
import { join } from "node:path";
import { ARGS, executablePath } from "../chromium.mjs";
import { SETTINGS_PAGE, connectThroughConsent, logIn, pageWithCookies } from "./admin.mjs";
import { PARISH_PAGE } from "./pages.mjs";
import { startSite } from "./site.mjs";

const out = process.env.SCREENSHOTS_DIR;
const simulator = process.env.MAGISTERIUM_SIMULATOR;
if (!out || !simulator) throw new Error("SCREENSHOTS_DIR and MAGISTERIUM_SIMULATOR are not set: run `cargo xtask screenshots`");

/** The files this driver writes in SCREENSHOTS_DIR. */
const WORDPRESS_SCREENSHOTS = ["wordpress-not-connected.png", "wordpress-connected.png", "wordpress-refused.png"];

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
  const refusal = { fault: "error", code: -32004, message: "Unauthorized", httpStatus: 401 };
  const armed = await fetch(`${simulator}/_sim/faults`, { method: "POST", body: JSON.stringify(refusal), headers: { "Content-Type": "application/json" } });
  if (!armed.ok) throw new Error(`the simulator's fault: HTTP ${armed.status}`);
  await Promise.all([page.waitForURL(/options-general\.php\?page=magisterium-a2a/), page.click('input[type="submit"][value="Check now"]')]);
  await shoot(WORDPRESS_SCREENSHOTS[2]);
} finally {
  await browser.close();
  await site.stop();
}
