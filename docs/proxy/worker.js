// The parish proxy as a Cloudflare Worker (wrangler.toml beside it). Its
// settings are the Worker's variables; the token is a secret. Cloudflare
// tells who the client is (CF-Connecting-IP): each gets its own small
// allowance of uncached requests.
import { env } from "cloudflare:workers";
import { createProxy } from "magisterium-a2a/proxy";

export default createProxy({
  token: env.MAGISTERIUM_TOKEN,
  allowOrigins: env.ALLOW_ORIGINS.split(","),
  timeZone: env.TIME_ZONE,
  upstream: env.MAGISTERIUM_ENDPOINT, // unset: the Magisterium service
  clientKey: (request) => request.headers.get("CF-Connecting-IP"),
});
