// `${root}/old`: an agent whose card offers v1.0 then v0.3 but whose endpoint
// speaks only v0.3 (@a2a-js/sdk 0.3), refusing `A2A-Version: 1.0` with -32009,
// so a client must retry in v0.3.
import express from "express";
import { DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { FixtureExecutor } from "../a2a-agent/executor.mjs";
import { hybridCard, jsonRpc, noStore } from "./cards.mjs";

/** Whether an `A2A-Version` header asks for v0.3: absent, empty, `0.3` or `0.3.x`. */
const isV03 = (version) => !version?.trim() || /^0\.3(\.|$)/.test(version.trim());

/** Answers a request asking for another version than v0.3 with JSON-RPC error -32009 (HTTP 200). */
function refuseOtherVersions(request, response, next) {
  if (isV03(request.get("A2A-Version"))) return next();
  express.json()(request, response, () =>
    response.json({ jsonrpc: "2.0", id: request.body?.id ?? null, error: { code: -32009, message: "Version not supported" } }),
  );
}

/** Mounts the agent on `app`, its card at `/old/.well-known/agent-card.json`, its endpoint at `/old/a2a`. */
export function serveOld(app, root) {
  const url = `${root}/old/a2a`;
  const card = hybridCard(`${root}/old`, "Fixture agent v0.3 advertising v1.0 (@a2a-js/sdk 0.3)", [
    jsonRpc(url, "1.0"),
    jsonRpc(url, "0.3"),
  ]);
  const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new FixtureExecutor());
  app.use("/old/.well-known/agent-card.json", noStore, agentCardHandler({ agentCardProvider: requestHandler }));
  app.use("/old/a2a", refuseOtherVersions, jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
}
