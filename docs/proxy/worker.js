// The parish proxy as a Cloudflare Worker (wrangler.toml beside it). Its
// settings are the Worker's variables; the token is a secret.
import { env } from "cloudflare:workers";
import { createProxy } from "magisterium-a2a/proxy";

export default createProxy({
  token: env.MAGISTERIUM_TOKEN,
  allowOrigins: env.ALLOW_ORIGINS.split(","),
  timeZone: env.TIME_ZONE,
  upstream: env.MAGISTERIUM_ENDPOINT, // unset: the Magisterium service
});
