// One call of a widget skill on the upstream endpoint with the proxy's
// token, and what it came to: a `result` to answer with, or an error answer
// the client decodes to a typed error. No upstream text that could hold the
// token reaches a visitor: errors keep their code, and their message only
// with every copy of the token taken out.
import { boundedText } from "../npm/js/transport/bounded-body.js";
import { RPC, rpcError } from "./answers.js";

/** How long one upstream call may take. */
const TIMEOUT_MS = 15_000;
/** The largest upstream answer read (a day's readings are a few KB). */
const MAX_ANSWER_BYTES = 1 << 20;

/**
 * A function `(skill, day, query) => Promise<UpstreamOutcome>` calling `upstream`.
 * An UpstreamOutcome is `{ upstream, result, cacheable }` or `{ upstream, status,
 * error, retryAfter? }`; `upstream` is the upstream's HTTP status (`null`
 * when it gave none).
 */
export function upstreamCaller(upstream, token) {
  let lastId = 0;
  return async (skill, day, query) => {
    const id = ++lastId;
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "message/send",
      params: {
        message: { role: "user", kind: "message", messageId: crypto.randomUUID(), parts: parts(skill, day, query), metadata: { skillId: skill } },
      },
    });
    let got = await tokenOrFailure(token);
    if (got.failed) return got.failed;
    let response = await post(upstream, body, got.bearer);
    if (response.status === 401 && token.refreshable) {
      await response.body?.cancel().catch(() => {});
      got = await tokenOrFailure(token, { rejectedToken: got.bearer });
      if (got.failed) return got.failed;
      response = await post(upstream, body, got.bearer);
    }
    return response.failed ? response.failed : read(response, id, got.bearer);
  };
}

/** The error data of an answer given because the proxy has no usable token: the widget says "not connected", not "could not be reached". */
export const NOT_CONNECTED = { reason: "not_connected" };

/**
 * `{ bearer }`: the token for a call; or `{ failed }` when the token provider threw (a
 * saved sign-in that ended, say): 503, with the thrown error's `code` when it
 * has one, never its message (it is the operator's business, not a visitor's),
 * and the data NOT_CONNECTED; `called: false`, as no call was made.
 */
async function tokenOrFailure(token, context) {
  try {
    return { bearer: await token.get(context) };
  } catch (error) {
    const code = typeof error?.code === "string" && /^[A-Z_]{1,40}$/.test(error.code) ? ` (${error.code})` : "";
    const message = `the proxy has no token for the Magisterium service${code}`;
    return { failed: { upstream: null, called: false, status: 503, error: rpcError(RPC.INTERNAL_ERROR, message, NOT_CONNECTED) } };
  }
}

/** The skill's input: a day as its skill takes one (saints: a data part `{date}`), or the query as text. */
function parts(skill, day, query) {
  if (day && skill === "saints_of_the_day") return [{ kind: "data", data: { date: day } }];
  return [{ kind: "text", text: day ?? query }];
}

/** The upstream's Response, or `{ failed }` when none came. */
async function post(upstream, body, bearer) {
  try {
    return await fetch(upstream, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${bearer}` },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error?.name === "TimeoutError";
    const message = timedOut ? "the Magisterium service did not answer in time" : "the Magisterium service could not be reached";
    return { failed: { upstream: null, status: timedOut ? 504 : 502, error: rpcError(RPC.INTERNAL_ERROR, message) } };
  }
}

/** What an upstream answer says. */
async function read(response, id, bearer) {
  const status = response.status;
  const bad = (why) => ({ upstream: status, status: 502, error: rpcError(RPC.INTERNAL_ERROR, `bad answer from the Magisterium service: ${why}`) });
  let text;
  try {
    text = await boundedText(response, MAX_ANSWER_BYTES);
  } catch {
    return bad("the connection dropped");
  }
  if (text === null) return bad("too large");
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return status === 429 ? rateLimited(status, response, undefined) : bad(`HTTP ${status}, not JSON`);
  }
  const error = body?.error;
  if (typeof error?.code === "number") {
    if (error.code === RPC.RATE_LIMITED || status === 429) return rateLimited(status, response, error.data?.retryAfter);
    const message = String(error.message ?? "").replaceAll(bearer, "[token]");
    return { upstream: status, status: status >= 400 ? status : 200, error: rpcError(error.code, message) };
  }
  if (status === 429) return rateLimited(status, response, undefined);
  if (body?.jsonrpc !== "2.0" || body.id !== id || typeof body.result !== "object" || body.result === null || status !== 200) {
    return bad(`HTTP ${status}, not the JSON-RPC answer to the call`);
  }
  return { upstream: status, result: body.result, cacheable: body.result.status?.state === "completed" };
}

/** A 429 passed on with its `retryAfter` (from the JSON-RPC error, else the `Retry-After` header). */
function rateLimited(status, response, fromBody) {
  const seconds = [fromBody, response.headers.get("Retry-After")]
    .map((value) => (typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value))
    .find((value) => typeof value === "number" && Number.isFinite(value) && value >= 0);
  const retryAfter = seconds === undefined ? undefined : Math.ceil(seconds);
  const data = retryAfter === undefined ? undefined : { retryAfter };
  return { upstream: status, status: 429, retryAfter, error: rpcError(RPC.RATE_LIMITED, "Rate limit exceeded", data) };
}
