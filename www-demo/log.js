// The request log: every JSON-RPC request this page sends (the demo's own
// calls and the widget preview's), with its method, skill, HTTP status,
// duration and task id. It watches `fetch`; it never reads a header, so the
// token never reaches it.
import { el } from "./render.js";

/** Rows kept in the table. */
const MAX_ROWS = 30;

/** The JSON-RPC method and skill of a fetch, or null when it is not a JSON-RPC POST. */
function describeRequest(init) {
  if (init?.method !== "POST" || typeof init.body !== "string") return null;
  try {
    const body = JSON.parse(init.body);
    if (body?.jsonrpc !== "2.0" || typeof body.method !== "string") return null;
    const skill = body.params?.message?.metadata?.skillId;
    return { method: body.method, skill: typeof skill === "string" ? skill : body.method === "message/send" ? "catholic_qa" : "—" };
  } catch {
    return null;
  }
}

/** "12:03:07" for now. */
function clock() {
  return new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });
}

/** Wraps `fetch` so that each JSON-RPC request adds a row to `tbody`. */
export function watchRequests(tbody) {
  const original = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input, init) => {
    const request = describeRequest(init);
    if (!request) return original(input, init);
    const cells = {
      status: el("td", {}, "…"),
      duration: el("td", { class: "number" }, "…"),
      task: el("td", { class: "task-id" }, "…"),
    };
    const row = el("tr", { data: { method: request.method, skill: request.skill } },
      el("td", {}, clock()), el("td", {}, request.method), el("td", {}, request.skill),
      cells.status, cells.duration, cells.task);
    tbody.prepend(row);
    while (tbody.rows.length > MAX_ROWS) tbody.lastElementChild.remove();
    const started = performance.now();
    const finish = (status, task) => {
      cells.status.textContent = status;
      cells.duration.textContent = `${Math.round(performance.now() - started)} ms`;
      cells.task.replaceChildren(task ? el("code", {}, task) : "—");
      if (task) row.dataset.taskId = task;
    };
    let response;
    try {
      response = await original(input, init);
    } catch (error) {
      finish(error?.name === "AbortError" ? "aborted" : "network error", null);
      throw error;
    }
    response.clone().json().then(
      (body) => {
        const error = body?.error?.code;
        finish(error === undefined ? String(response.status) : `${response.status} · ${error}`, typeof body?.result?.id === "string" ? body.result.id : null);
        if (typeof body?.result?.contextId === "string") row.dataset.contextId = body.result.contextId;
      },
      () => finish(`${response.status} · not JSON`, null),
    );
    return response;
  };
}
