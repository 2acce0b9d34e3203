// The proxy under test as the WordPress plugin's route (wordpress/), in a
// throw-away WordPress (tests/wordpress/site.mjs): the same RunningProxy as
// the other runtimes, the proxy's options written as the plugin's settings,
// its clock moved by the test-only mu-plugin the site harness installs.
import { INSTANT, PARISH, endpoint } from "./harness.mjs";
import { startSite } from "../wordpress/site.mjs";

/** The plugin's route with the options of createProxy (those the plugin has as settings). */
export async function startWordPressProxy({ token, origins = [PARISH], timeZone = "UTC", skills, upstream = endpoint, now = INSTANT, limits = {} }) {
  const { upstreamBudget, ...others } = limits;
  if (Object.keys(others).length) throw new Error(`the WordPress route has no setting for ${Object.keys(others).join(", ")}`);
  const settings = { token, time_zone: timeZone, origins, upstream, ...(skills ? { skills } : {}), ...(upstreamBudget ? { budget: upstreamBudget } : {}) };
  const site = await startSite({ settings, now });
  return { ...site, url: site.route };
}
