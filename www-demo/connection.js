// The connection fields (endpoint and token) and the one client made from
// them. The token lives only in the field and in the client: it is never
// stored, put in the URL or logged.
import init, { MagisteriumClient } from "/pkg/web/index.js";
import { loadDemoConfig } from "./config.js";

const endpointField = document.getElementById("endpoint");
const tokenField = document.getElementById("token");

/** The last client made, with the settings it was made from. */
let current = null;

/** Fills the empty fields from `/demo-config.json` (the local simulator), or with the real service. */
async function prefill() {
  const config = await loadDemoConfig();
  if (!endpointField.value) endpointField.value = config.endpoint;
  if (!tokenField.value) tokenField.value = config.token;
}

/** Resolves once the wasm module is loaded and the fields are prefilled. */
export const ready = Promise.all([init(), prefill()]);

/** The endpoint and token as the fields hold them now. */
export function settings() {
  return { endpoint: endpointField.value.trim(), token: tokenField.value.trim() };
}

/**
 * The client for the current fields, made again only when they change (an
 * empty endpoint is the real service). Rejects with INVALID_INPUT for bad settings.
 */
export async function client() {
  await ready;
  const { endpoint, token } = settings();
  if (current?.endpoint !== endpoint || current?.token !== token) {
    current?.client.free();
    current = null;
    current = { endpoint, token, client: new MagisteriumClient({ endpoint: endpoint || undefined, token: token || undefined }) };
  }
  return current.client;
}
