// The agents of the official SDK 1.x (`a2a-sdk-1`, i.e. @a2a-js/sdk 1.3): `/v1`
// speaks v1.0 only, `/compat` also v0.3 through the SDK's compatibility layer,
// `/rest` v1.0 over HTTP+JSON only, `/both` v1.0 over HTTP+JSON and JSON-RPC,
// `/tenant` as `/both` with a tenant on each interface.
import { DefaultRequestHandler, InMemoryTaskStore } from "a2a-sdk-1/server";
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from "a2a-sdk-1/server/express";
import { randomUUID } from "node:crypto";
import { FixtureExecutor } from "../a2a-agent/executor.mjs";
import { onV1Sdk } from "./adapter.mjs";
import { TENANT, httpJson, jsonRpc, noStore, v1Card } from "./cards.mjs";

/** The bearer scheme the v0.3 card declares (not required), in the v1.0 form. */
const V1_SECURITY_SCHEMES = { bearer: { httpAuthSecurityScheme: { scheme: "bearer" } } };

/**
 * Mounts on `app` at `path` the agent `card`: its card at
 * `${path}/.well-known/agent-card.json`, its JSON-RPC endpoint at
 * `${path}/a2a` when `bindings.jsonRpc` and its HTTP+JSON base at
 * `${path}/rest` (the SDK's `restHandler`) when `bindings.rest`; the SDK's
 * v0.3 layer on the card and JSON-RPC when `legacy`. A card whose
 * `capabilities.extendedAgentCard` is true gets `extended` (the SDK's provider) for its extended card.
 * Its skills are `TenantEcho`'s.
 */
function mount(app, path, card, legacy, bindings = { jsonRpc: true }, extended = undefined) {
  const legacyCompat = legacy ? { enabled: true } : undefined;
  const executor = onV1Sdk(new TenantEcho());
  // The SDK's own push-notification store and sender when the card says `pushNotifications`.
  const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor, undefined, undefined, undefined, extended);
  const userBuilder = UserBuilder.noAuthentication;
  app.use(`${path}/.well-known/agent-card.json`, noStore, agentCardHandler({ agentCardProvider: requestHandler, legacyCompat }));
  if (bindings.jsonRpc) app.use(`${path}/a2a`, jsonRpcHandler({ requestHandler, userBuilder, legacyCompat }));
  if (bindings.rest) app.use(`${path}/rest`, restHandler({ requestHandler, userBuilder }));
}

/** `${root}/v1`: v1.0 only. A request without `A2A-Version: 1.0` gets what the SDK answers (-32009). */
export function serveV1(app, root) {
  const card = v1Card(`${root}/v1`, "Fixture agent v1.0 (@a2a-js/sdk 1.3)", [jsonRpc(`${root}/v1/a2a`, "1.0")]);
  mount(app, "/v1", { ...card, securitySchemes: V1_SECURITY_SCHEMES }, false);
}

/**
 * `${root}/compat`: v1.0 and, without the header (or with `A2A-Version: 0.3`),
 * v0.3 at the same URL. Its card lists both; the SDK answers a card request
 * without `A2A-Version: 1.0` with its v0.3 translation (top-level `url` and
 * `protocolVersion: "0.3"`, the interfaces kept as `supportedInterfaces`).
 * It has push notifications (the configs' calls; `/rest` too) and, alone,
 * an extended card (its card named `… (extended)`); `/v1` answers those with their errors.
 */
export function serveCompat(app, root) {
  const url = `${root}/compat/a2a`;
  const name = "Fixture agent v1.0 + v0.3 (@a2a-js/sdk 1.3 compat)";
  const card = v1Card(`${root}/compat`, name, [jsonRpc(url, "1.0"), jsonRpc(url, "0.3")]);
  card.capabilities = { ...card.capabilities, pushNotifications: true, extendedAgentCard: true };
  const extended = { ...card, name: `${name} (extended)` };
  // A function: the SDK hands an object only to an authenticated user, and this agent has no authentication.
  mount(app, "/compat", card, true, undefined, async () => extended);
}

/** `${root}/rest`: v1.0 over HTTP+JSON only; its card has one HTTP+JSON interface, and push notifications. */
export function serveRest(app, root) {
  const card = v1Card(`${root}/rest`, "Fixture agent v1.0 HTTP+JSON (@a2a-js/sdk 1.3)", [httpJson(`${root}/rest/rest`)]);
  card.capabilities = { ...card.capabilities, pushNotifications: true };
  mount(app, "/rest", { ...card, securitySchemes: V1_SECURITY_SCHEMES }, false, { rest: true });
}

/**
 * `${root}/both`: v1.0 over both bindings, one task store; its card offers
 * HTTP+JSON first (`${root}/both/rest`), then JSON-RPC (`${root}/both/a2a`).
 */
export function serveBoth(app, root) {
  const interfaces = [httpJson(`${root}/both/rest`), jsonRpc(`${root}/both/a2a`, "1.0")];
  const card = v1Card(`${root}/both`, "Fixture agent v1.0 HTTP+JSON + JSON-RPC (@a2a-js/sdk 1.3)", interfaces);
  mount(app, "/both", { ...card, securitySchemes: V1_SECURITY_SCHEMES }, false, { jsonRpc: true, rest: true });
}

/**
 * The fixture's skills, and `tenant` (not on the cards; asked for by
 * `metadata.skillId` or the text's first word): a task completed at once whose
 * artifact `tenant` holds the tenant the SDK resolved for the request
 * (`context.tenant`, from the params over JSON-RPC, from the path over
 * HTTP+JSON; `""` for none).
 */
class TenantEcho extends FixtureExecutor {
  async execute(context, bus) {
    const { userMessage } = context;
    const words = userMessage.parts.find((p) => p.kind === "text")?.text.trim().split(/\s+/) ?? [];
    if ((userMessage.metadata?.skillId ?? words[0]) !== "tenant") return super.execute(context, bus);
    const artifact = { artifactId: randomUUID(), name: "tenant", parts: [{ kind: "text", text: context.tenant ?? "" }] };
    const status = { state: "completed", timestamp: new Date().toISOString() };
    bus.publish({ kind: "task", id: context.taskId, contextId: context.contextId, status, history: [userMessage], artifacts: [artifact] });
    bus.finished();
  }
}

/**
 * `${root}/tenant`: `/both` (v1.0 over both bindings, HTTP+JSON first, one
 * task store, which keeps each tenant's tasks apart) with each interface
 * naming `TENANT`, and push notifications (a config's delete over HTTP+JSON
 * answers 204).
 */
export function serveTenant(app, root) {
  const interfaces = [
    { ...httpJson(`${root}/tenant/rest`), tenant: TENANT },
    { ...jsonRpc(`${root}/tenant/a2a`, "1.0"), tenant: TENANT },
  ];
  const card = v1Card(`${root}/tenant`, "Fixture agent v1.0 with a tenant (@a2a-js/sdk 1.3)", interfaces);
  card.capabilities = { ...card.capabilities, pushNotifications: true };
  mount(app, "/tenant", { ...card, securitySchemes: V1_SECURITY_SCHEMES }, false, { jsonRpc: true, rest: true });
}
