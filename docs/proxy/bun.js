// The parish proxy on Bun, in a folder where `npm install magisterium-a2a` ran:
//   MAGISTERIUM_TOKEN=… ALLOW_ORIGINS=https://parish.example TIME_ZONE=America/Chicago bun run bun.js
import { createProxy } from "magisterium-a2a/proxy";

const proxy = createProxy({
  token: Bun.env.MAGISTERIUM_TOKEN,
  allowOrigins: (Bun.env.ALLOW_ORIGINS ?? "").split(","),
  timeZone: Bun.env.TIME_ZONE,
  upstream: Bun.env.MAGISTERIUM_ENDPOINT, // unset: the Magisterium service
});
const server = Bun.serve({ fetch: proxy.fetch, hostname: "127.0.0.1", port: Number(Bun.env.PORT ?? 8080) });
console.log(`listening on ${server.url.origin}`);
