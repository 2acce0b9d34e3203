// A clear message for every error code of the client, shown in a panel's
// status line; a rate limit counts its `retryAfter` down to zero.
import { el } from "./render.js";

/** The message of each `MagisteriumError` code. */
const MESSAGES = {
  PARSE_ERROR: "The service could not read the request (JSON-RPC parse error).",
  INVALID_REQUEST: "The service refused the request as malformed.",
  METHOD_NOT_FOUND: "The service does not know this method.",
  INVALID_PARAMS: "The service refused the request's parameters.",
  INTERNAL_ERROR: "The service had an internal error. Try again in a moment.",
  TASK_NOT_FOUND: "That task is unknown or has expired (tasks are kept 24 hours).",
  SKILL_NOT_FOUND: "The service does not offer this skill.",
  RATE_LIMITED: "Rate limit reached: the service asks you to wait before the next request.",
  UNAUTHORIZED: "The token was refused. Check the token field: the service needs a valid OAuth user token.",
  PLAN_REQUIRED: "This token's plan does not include the A2A endpoint: it needs a Pro, Organization or Enterprise plan.",
  TASK_FAILED: "The skill could not answer this request.",
  NETWORK: "The endpoint could not be reached: offline, a wrong address, or refused by CORS.",
  TIMEOUT: "The service took too long to answer.",
  ABORTED: "The request was cancelled.",
  BAD_RESPONSE: "The service sent an answer the client could not understand.",
  INVALID_INPUT: "The request was not sent: check the fields.",
};

/** Running countdowns, by the status element they write to. */
const countdowns = new WeakMap();

/** Stops the countdown of `status`, if any. */
export function stopCountdown(status) {
  clearInterval(countdowns.get(status));
  countdowns.delete(status);
}

/** Shows `error` in `status`: the message for its code, the code, and the client's own words. */
export function showError(status, error) {
  stopCountdown(status);
  const code = typeof error?.code === "string" && error.code in MESSAGES ? error.code : null;
  const message = code ? MESSAGES[code] : "Something unexpected went wrong.";
  const detail = error instanceof Error ? error.message : String(error);
  const box = el("div", { class: "error", data: { code: code ?? "UNEXPECTED" } },
    el("p", { class: "error-message" }, message, " ", code && el("code", {}, code)),
    el("p", { class: "error-detail" }, detail));
  status.replaceChildren(box);
  if (code === "RATE_LIMITED") startCountdown(status, box, Number(error.retryAfter) || 1);
}

/** Appends a line to `box` that counts `seconds` down, once a second, to "try again now". */
function startCountdown(status, box, seconds) {
  const line = el("p", { class: "countdown", "aria-live": "off" });
  box.append(line);
  const until = Date.now() + seconds * 1000;
  const tick = () => {
    const left = Math.ceil((until - Date.now()) / 1000);
    line.textContent = left > 0 ? `You can try again in ${left} s.` : "You can try again now.";
    if (left <= 0) stopCountdown(status);
  };
  tick();
  countdowns.set(status, setInterval(tick, 1000));
}
