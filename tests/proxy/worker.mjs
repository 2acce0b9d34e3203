// The proxy on workerd, as the suite runs it: configured from the CONFIG
// binding (the JSON of createProxy's options), its clock standing at NOW until
// the test POSTs another time to /__clock, its clients named by the header
// the CLIENT_HEADER binding names (none when empty). Its log lines go to
// console.log, as on Cloudflare.
import { env } from "cloudflare:workers";
import { createProxy } from "magisterium-a2a/proxy";

let now = Number(env.NOW);
const clientKey = env.CLIENT_HEADER ? (request) => request.headers.get(env.CLIENT_HEADER) : undefined;
const proxy = createProxy({ ...JSON.parse(env.CONFIG), now: () => now, clientKey });

export default {
  async fetch(request) {
    if (new URL(request.url).pathname !== "/__clock") return proxy.fetch(request);
    now = Number(await request.text());
    return new Response(String(now));
  },
};
