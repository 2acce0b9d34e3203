// The parish proxy as a Cloudflare Worker (wrangler.toml beside it). Its
// settings are the Worker's variables. Cloudflare runs it in many isolates,
// each with its own memory: the day's budget of upstream calls is counted by
// one Durable Object for the whole deployment (one request to it per
// upstream call; cached answers never ask it), and the parish's sign-in is
// kept and renewed by another (ProxyGrant), seeded from the secret
// MAGISTERIUM_SIGN_IN (the file `npx magisterium-a2a login` saved); or a
// static token, the secret MAGISTERIUM_TOKEN, which stops working when it
// expires. Cloudflare tells who the client is (CF-Connecting-IP): each gets
// its own small allowance of uncached requests, per isolate. A Cron Trigger
// fetches today's answers soon after the parish's midnight (from the
// budget's reserve).
import { DurableObject, env } from "cloudflare:workers";
import { MagisteriumAuth } from "magisterium-a2a/auth";
import { createProxy } from "magisterium-a2a/proxy";

/** The keys of a sign-in MagisteriumAuth keeps (those of the login file), by their prefix. */
const SIGN_IN_KEYS = "magisterium-auth:";

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

/**
 * The parish's sign-in: one instance for every isolate, its tokens in its
 * storage. Seeded from MAGISTERIUM_SIGN_IN the first time, and again when the
 * operator puts a new one (after logging in again); then renewed here by
 * MagisteriumAuth as the access token expires and after a 401, each rotating
 * refresh token used once (one renewal at a time, shared by all who ask
 * during it). A refresh the service refuses ends it: SIGN_IN_REQUIRED, which
 * the proxy answers as "not connected".
 */
export class ProxyGrant extends DurableObject {
  #auth = null;

  /** A fresh access token; `rejectedToken`: the one the service just refused (a 401). */
  async token(rejectedToken) {
    this.#auth ??= this.#signIn();
    return (await this.#auth).tokenProvider(rejectedToken ? { rejectedToken } : undefined);
  }

  async #signIn() {
    const storage = this.ctx.storage;
    const secret = this.env.MAGISTERIUM_SIGN_IN;
    const seed = await sha256(secret);
    if ((await storage.get("seeded-from")) !== seed) {
      const kept = [...(await storage.list({ prefix: SIGN_IN_KEYS })).keys()];
      if (kept.length) await storage.delete(kept);
      for (const [key, value] of Object.entries(JSON.parse(secret))) await storage.put(key, JSON.stringify(value));
      await storage.put("seeded-from", seed);
    }
    const tokens = `${SIGN_IN_KEYS}tokens:`;
    const [issuer] = [...(await storage.list({ prefix: tokens })).keys()].map((key) => key.slice(tokens.length));
    const store = { get: (key) => storage.get(key), set: (key, value) => storage.put(key, value), remove: (key) => storage.delete(key) };
    // The redirect URI of a saved sign-in (a renewal never sends it).
    return new MagisteriumAuth({ issuer, redirectUri: "http://127.0.0.1/callback", storage: store });
  }
}

/** The SHA-256 of `text`, in hex (Web Crypto). */
async function sha256(text) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The deployment's one grant object. */
const grant = () => env.PROXY_GRANT.get(env.PROXY_GRANT.idFromName("grant"));

/** The deployment's one budget object. */
const budget = () => env.PROXY_BUDGET.get(env.PROXY_BUDGET.idFromName("budget"));

const proxy = createProxy({
  // The saved sign-in, renewed in ProxyGrant; else the static token.
  ...(env.MAGISTERIUM_SIGN_IN ? { tokenProvider: (context) => grant().token(context?.rejectedToken) } : { token: env.MAGISTERIUM_TOKEN }),
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
