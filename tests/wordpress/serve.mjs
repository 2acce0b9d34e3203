// `cargo xtask wordpress`: a throw-away WordPress with the plugin (the built
// one, MAGISTERIUM_WP_PLUGIN) active, the simulator (MAGISTERIUM_ENDPOINT) as
// its upstream with MAGISTERIUM_TOKEN, and a front page holding both
// shortcodes. Its first line is `listening on http://127.0.0.1:PORT`; it runs
// until SIGINT or SIGTERM, and then stops what it started.
import { startSite } from "./site.mjs";
import { PARISH_PAGE } from "./pages.mjs";

const site = await startSite({
  plugin: process.env.MAGISTERIUM_WP_PLUGIN,
  settings: { token: process.env.MAGISTERIUM_TOKEN, upstream: process.env.MAGISTERIUM_ENDPOINT },
  pages: [PARISH_PAGE],
});
console.log(`listening on ${site.url}`);
// Keeps the process alive until a signal ends it (site.mjs stops everything on the way out).
setInterval(() => {}, 1 << 30);
