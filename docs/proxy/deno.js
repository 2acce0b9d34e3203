// The parish proxy on Deno, in a folder where `npm install magisterium-a2a` ran:
//   MAGISTERIUM_TOKEN=… ALLOW_ORIGINS=https://parish.example TIME_ZONE=America/Chicago \
//     deno serve --allow-net --allow-env=MAGISTERIUM_TOKEN,ALLOW_ORIGINS,TIME_ZONE,MAGISTERIUM_ENDPOINT --port 8080 deno.js
import { createProxy } from "magisterium-a2a/proxy";

export default createProxy({
  token: Deno.env.get("MAGISTERIUM_TOKEN"),
  allowOrigins: (Deno.env.get("ALLOW_ORIGINS") ?? "").split(","),
  timeZone: Deno.env.get("TIME_ZONE"),
  upstream: Deno.env.get("MAGISTERIUM_ENDPOINT"), // unset: the Magisterium service
});
