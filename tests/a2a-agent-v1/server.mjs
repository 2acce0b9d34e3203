// The A2A v1.0 fixture for the tests, on the official JavaScript SDK 1.3
// (`a2a-sdk-1` in the root package.json) and 0.3, with express and cors:
// `node tests/a2a-agent-v1/server.mjs` listens on 127.0.0.1 (a free port) and
// prints `listening on http://127.0.0.1:PORT` as its first stdout line.
// `cargo xtask test` starts it and passes that base URL to the suites as
// A2A_AGENT_V1_URL.
//
// Six agents with the skills of `tests/a2a-agent/executor.mjs` (echo, slow,
// ask-back, fail, reply, stream) and `capabilities.streaming`, each with its
// card at `${base}/<name>/.well-known/agent-card.json` (`Cache-Control: no-store`),
// its JSON-RPC endpoint at `${base}/<name>/a2a` and its HTTP+JSON base at
// `${base}/<name>/rest` (the paths `/message:send`, `/tasks/{id}`, … after it):
// - `/v1` (`v1-agents.mjs`): v1.0 over JSON-RPC only; a v1.0 card.
// - `/compat` (`v1-agents.mjs`): v1.0, and v0.3 through the SDK's compatibility layer.
// - `/rest` (`v1-agents.mjs`): v1.0 over HTTP+JSON only (the SDK's `restHandler`);
//   a card with one HTTP+JSON interface.
// - `/both` (`v1-agents.mjs`): v1.0 over both, one task store; a card offering
//   HTTP+JSON first, then JSON-RPC.
// - `/tenant` (`v1-agents.mjs`): as `/both`, each interface naming a tenant
//   (`TENANT`), with push notifications. Every v1.x agent also runs a skill
//   `tenant`, whose task's artifact is the tenant the SDK saw.
// - `/old` (`old-agent.mjs`): a card offering v1.0 then v0.3, an endpoint speaking
//   only v0.3 that answers `A2A-Version: 1.0` with -32009.
// `GET /_requests` (`requests.mjs`) counts what was asked, by path, version and method.
// CORS on every route, any request header allowed (browsers preflight `A2A-Version`).
import cors from "cors";
import express from "express";
import { serveOld } from "./old-agent.mjs";
import { requestCounter } from "./requests.mjs";
import { serveBoth, serveCompat, serveRest, serveTenant, serveV1 } from "./v1-agents.mjs";

const counter = requestCounter();
const app = express();
app.get("/_requests", cors(), counter.report);
app.use(counter.count);
app.use(cors());

const server = app.listen(0, "127.0.0.1", () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  serveV1(app, base);
  serveCompat(app, base);
  serveOld(app, base);
  serveRest(app, base);
  serveBoth(app, base);
  serveTenant(app, base);
  console.log(`listening on ${base}`);
});
