// The parish proxy as a Cloudflare Worker (wrangler.toml beside it). Its
// settings are the Worker's variables; the token is a secret. Cloudflare
// runs it in many isolates, each with its own memory: the day's budget of
// upstream calls is counted by one Durable Object for the whole deployment
// (one request to it per upstream call; cached answers never ask it).
// Cloudflare tells who the client is (CF-Connecting-IP): each gets its own
// small allowance of uncached requests, per isolate. A Cron Trigger fetches
// today's answers soon after the parish's midnight (from the budget's reserve).
import { DurableObject, env } from "cloudflare:workers";
import { createProxy } from "magisterium-a2a/proxy";

/** The parish day's count of upstream calls: one instance, its count kept in its storage. */
export class ProxyBudget extends DurableObject {
  /**
   * Counts one call on `day` if fewer than `limit` were counted on it (a later day starts from 0): whether it did.
   * The object handles one call at a time while it reads and writes its storage, so no two calls see the same count.
   */
  async take(day, limit) {
    const counted = (await this.ctx.storage.get("spent")) ?? { day: "", calls: 0 };
    if (day < counted.day) return false;
    const calls = day === counted.day ? counted.calls : 0;
    if (calls >= limit) return false;
    await this.ctx.storage.put("spent", { day, calls: calls + 1 });
    return true;
  }

  /** Gives back one call counted on `day`, one the service did not answer (a 5xx, a 401, no answer). */
  async giveBack(day) {
    const counted = (await this.ctx.storage.get("spent")) ?? { day: "", calls: 0 };
    if (counted.day === day && counted.calls > 0) await this.ctx.storage.put("spent", { day, calls: counted.calls - 1 });
  }
}

/** The deployment's one budget object. */
const budget = () => env.PROXY_BUDGET.get(env.PROXY_BUDGET.idFromName("budget"));

const proxy = createProxy({
  token: env.MAGISTERIUM_TOKEN,
  allowOrigins: env.ALLOW_ORIGINS.split(","),
  timeZone: env.TIME_ZONE,
  upstream: env.MAGISTERIUM_ENDPOINT, // unset: the Magisterium service
  clientKey: (request) => request.headers.get("CF-Connecting-IP"),
  budgetStore: {
    take: (day, limit) => budget().take(day, limit),
    giveBack: (day) => budget().giveBack(day),
  },
});

export default {
  fetch: (request) => proxy.fetch(request),
  /** The Cron Trigger (wrangler.toml): today's answers fetched soon after the parish's midnight, ahead of any visitor. */
  scheduled: (controller, env, ctx) => ctx.waitUntil(proxy.prefetch()),
};
