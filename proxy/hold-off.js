// Only answered calls count against the budget, so a failing service must
// not be asked again by every visitor's miss: after an upstream call the
// service did not answer (no answer, a 5xx, a 401 or 403, a 429, a bad
// answer), no upstream call is made for a while, and misses get that
// failure (or a stale entry). The wait starts at 30 seconds and doubles with
// each failure in a row, up to 10 minutes (a 429's own Retry-After, when
// longer, up to a day); an answered call ends it. A whole day's outage then
// costs about 150 upstream calls, not one per visitor.

/** The first wait after a failure, in ms. */
export const FIRST_WAIT_MS = 30_000;
/** The longest wait a run of failures reaches, in ms. */
export const LONGEST_WAIT_MS = 600_000;
/** The longest wait a service's Retry-After may ask for, in ms. */
const LONGEST_ASKED_MS = 86_400_000;

/** Whether the service answered `outcome`'s call (HTTP 200: a result or a JSON-RPC error it chose to send). */
export function answered(outcome) {
  return outcome.upstream === 200;
}

/** The hold-off after unanswered calls, in this handler's memory. */
export class HoldOff {
  #failures = 0;
  #until = 0;
  #failure = null;

  /** At `now` (ms): null when a call may be made, else the last failure as a refusal `{ reason: "held", status, retryAfter, error }`. */
  refusal(now) {
    if (now >= this.#until) return null;
    const { status, error } = this.#failure;
    return { reason: "held", status, retryAfter: Math.ceil((this.#until - now) / 1000), error };
  }

  /** Records `outcome` of a call made at `now` (one that made none, `called: false`, such as a token provider's failure, changes nothing). */
  record(outcome, now) {
    if (outcome.called === false) return;
    if (answered(outcome)) {
      this.#failures = 0;
      this.#until = 0;
      return;
    }
    this.#failures = Math.min(this.#failures + 1, 32);
    const backOff = Math.min(FIRST_WAIT_MS * 2 ** (this.#failures - 1), LONGEST_WAIT_MS);
    const asked = Number.isFinite(outcome.retryAfter) ? Math.min(outcome.retryAfter * 1000, LONGEST_ASKED_MS) : 0;
    this.#until = now + Math.max(backOff, asked);
    this.#failure = outcome;
  }
}
