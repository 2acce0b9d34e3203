// A third-party A2A agent for the tests, on the official JavaScript SDK
// (@a2a-js/sdk 0.3 with express and cors): `node tests/a2a-agent/server.mjs`
// listens on 127.0.0.1 (a free port) and prints `listening on http://127.0.0.1:PORT`
// as its first stdout line. `cargo xtask test` starts it and passes that base
// URL to the suites as A2A_AGENT_URL.
//
// Routes (CORS on all of them, so pages on other origins can call it):
// - `GET /.well-known/agent-card.json`: the card (`card.mjs`), `Cache-Control: public, max-age=60`.
//   `/.well-known/agent.json` (the A2A 0.2 path) is deliberately NOT served:
//   a 404 there makes discovery fall back to `agent-card.json`.
// - `GET /uncached/.well-known/agent-card.json`: the same card without any
//   `Cache-Control`, for a base URL (`${base}/uncached`) whose card must not be cached.
// - `POST /a2a`: the SDK's JSON-RPC endpoint (`DefaultRequestHandler`, in-memory tasks).
// - `GET /_requests`: how many times each `METHOD /path` was requested, e.g.
//   `{"GET /.well-known/agent-card.json": 2}`, so tests can tell a cached card from a fetched one.
import cors from "cors";
import express from "express";
import { DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { agentCard } from "./card.mjs";
import { FixtureExecutor } from "./executor.mjs";

const counts = {};
const app = express();
app.use(cors());
app.get("/_requests", (_request, response) => response.json(counts));
app.use((request, _response, next) => {
  const key = `${request.method} ${request.path}`;
  counts[key] = (counts[key] ?? 0) + 1;
  next();
});

const server = app.listen(0, "127.0.0.1", () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  const requestHandler = new DefaultRequestHandler(agentCard(base), new InMemoryTaskStore(), new FixtureExecutor());
  const cardRoute = agentCardHandler({ agentCardProvider: requestHandler });
  const cached = (_request, response, next) => (response.set("Cache-Control", "public, max-age=60"), next());
  app.use("/.well-known/agent-card.json", cached, cardRoute);
  app.use("/uncached/.well-known/agent-card.json", cardRoute);
  app.use("/a2a", jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
  console.log(`listening on ${base}`);
});
