// The proxy's HTTP answers: JSON-RPC 2.0 bodies, each with the visitor's own
// `id`, and the CORS headers of an allowed origin.

/** JSON-RPC error codes the proxy answers with, as the client decodes them. */
export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SKILL_NOT_FOUND: -32002,
  RATE_LIMITED: -32003,
};

/** The headers every answer to an allowed `origin` carries (`Vary: Origin` on every answer). */
export function corsHeaders(origin) {
  const headers = { Vary: "Origin" };
  if (origin) {
    headers["Access-Control-Allow-Origin"] = origin;
    headers["Access-Control-Expose-Headers"] = "Retry-After";
  }
  return headers;
}

/** The answer to a CORS preflight of an allowed origin. */
export function preflight(origin) {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      "Access-Control-Allow-Methods": "POST, OPTIONS",
      "Access-Control-Allow-Headers": "Content-Type",
      "Access-Control-Max-Age": "86400",
    },
  });
}

/** `{"jsonrpc":"2.0","id":…,"result":…}`, HTTP 200. */
export function resultAnswer(id, result, headers) {
  return json(200, { jsonrpc: "2.0", id, result }, headers);
}

/** `{"jsonrpc":"2.0","id":…,"error":{code, message, data?}}` with HTTP `status`. */
export function errorAnswer(id, status, error, headers) {
  return json(status, { jsonrpc: "2.0", id, error }, headers);
}

/** A JSON-RPC error object. */
export function rpcError(code, message, data) {
  return data === undefined ? { code, message } : { code, message, data };
}

function json(status, body, headers) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
