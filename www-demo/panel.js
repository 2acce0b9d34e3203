// What every panel does around a call: a loading state (aria-busy, a status
// line, the previous output dimmed in place, so nothing jumps), then the
// result or the error's message.
import { showError, stopCountdown } from "./errors.js";
import { el } from "./render.js";

/**
 * Runs `call` for `panel` (a `.panel` section with `.status` and `.output`),
 * unless a call of the panel is already running. `loading` is the status text
 * meanwhile; `show(result, output)` renders the result and may return a
 * status text for after.
 */
export async function runCall(panel, loading, call, show) {
  if (panel.getAttribute("aria-busy") === "true") return;
  const status = panel.querySelector(".status");
  stopCountdown(status);
  panel.setAttribute("aria-busy", "true");
  status.replaceChildren(el("span", { class: "spinner", "aria-hidden": "true" }), loading);
  try {
    const result = await call();
    status.replaceChildren(show(result, panel.querySelector(".output")) ?? "");
  } catch (error) {
    showError(status, error);
  } finally {
    panel.setAttribute("aria-busy", "false");
  }
}

/** Calls `handler(form)` on each submit of the form, instead of navigating. */
export function onSubmit(form, handler) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    handler(form);
  });
}

/** Today's local calendar day as `YYYY-MM-DD` (the value of an `<input type="date">`). */
export function todayIso() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
}
