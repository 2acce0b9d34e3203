// The v1.0 fixture's cards, built from the v0.3 fixture's (`tests/a2a-agent/card.mjs`):
// same skills, provider and modes; endpoints as v1.0 `supportedInterfaces`.
import { agentCard } from "../a2a-agent/card.mjs";

/** The tenant `/tenant`'s interfaces name: hostile in a URL path (a `/`, a space, non-ASCII) and in JSON (`"`). */
export const TENANT = 'acme/ü "1"';

/** A JSON-RPC interface at `url` speaking A2A `protocolVersion` ("1.0", "0.3"). */
export const jsonRpc = (url, protocolVersion) => ({ url, protocolBinding: "JSONRPC", protocolVersion });

/** An HTTP+JSON (REST) interface of A2A 1.0 whose paths are appended to `url`. */
export const httpJson = (url) => ({ url, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" });

/**
 * A v1.0 card (no top-level `url`/`protocolVersion`) of the agent at `base`
 * named `name`, offering `interfaces`, the first preferred. It has no
 * `securitySchemes`: the 1.x SDK serves the card object as it is, yet its v0.3
 * translation reads schemes in its internal (`$case`) model, so no one value
 * is right for both (`/v1` adds the v1.0 form itself).
 */
export function v1Card(base, name, interfaces) {
  const { url, preferredTransport, protocolVersion, securitySchemes, ...common } = agentCard(base);
  return { ...common, name, supportedInterfaces: interfaces };
}

/**
 * The v0.3 card of the agent at `base`, named `name`, that also lists
 * `interfaces` as `supportedInterfaces`: the shape of a v0.3 card from the
 * 1.x SDK's compatibility layer, and of a v0.3 agent that advertises v1.0.
 */
export function hybridCard(base, name, interfaces) {
  return { ...agentCard(base), name, supportedInterfaces: interfaces };
}

/** Makes `Cache-Control: no-store` whatever the card handler after it sets. */
export function noStore(_request, response, next) {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) => setHeader(name, name.toLowerCase() === "cache-control" ? "no-store" : value);
  response.setHeader("Cache-Control", "no-store");
  next();
}
