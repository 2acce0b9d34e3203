// The proxy under test as the WordPress plugin's route (wordpress/), in a
// throw-away WordPress (tests/wordpress/site.mjs): the same RunningProxy as
// the other runtimes, the proxy's options written as the plugin's settings,
// its clock moved by the test-only mu-plugin the site harness installs.
import { INSTANT, PARISH, endpoint } from "./harness.mjs";
import { startSite } from "../wordpress/site.mjs";

/** The plugin's setting for each count option of createProxy (the tests' `limits`). */
const COUNT_SETTINGS = {
  upstreamBudget: "upstream_budget",
  daysBack: "days_back",
  daysAhead: "days_ahead",
  clientMisses: "client_misses",
  clientDailyMisses: "client_daily_misses",
  reserve: "reserve",
  wordsPerDay: "words_per_day",
};

/** The plugin's route with the options of createProxy, as its settings (`clientHeader`: the header naming the client). */
export async function startWordPressProxy({ token, origins = [PARISH], timeZone = "UTC", skills, upstream = endpoint, now = INSTANT, limits = {}, clientHeader }) {
  const settings = { token, time_zone: timeZone, allow_origins: origins, upstream, ...(skills ? { skills } : {}), ...(clientHeader ? { client_key_header: clientHeader } : {}) };
  for (const [option, value] of Object.entries(limits)) settings[COUNT_SETTINGS[option]] = value;
  const site = await startSite({ settings, now });
  return { ...site, url: site.route };
}
