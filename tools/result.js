// What a tool hands back to a model: a bounded text (the answer, its data as
// JSON, a line saying what was cut) and, for programs, the structured data
// when it fits; an agent's failure or a client's error as a result the
// model can read (its code, and when to try again).

import { clip } from "./text.js";

/** The default bound of a result's text (and, separately, of its data as JSON), in characters. */
export const DEFAULT_MAX_RESULT_CHARS = 20_000;

/** The room kept at the end of a cut text for the line that says so. */
const NOTE_ROOM = 100;

/** The smallest bound a caller may set. */
const MIN_RESULT_CHARS = 200;

/** `maxResultChars` from a tool's options: a whole number of at least 200, else the default. */
export function resultBound(options) {
  const max = options?.maxResultChars;
  if (max === undefined || max === null) return DEFAULT_MAX_RESULT_CHARS;
  if (!Number.isSafeInteger(max) || max < MIN_RESULT_CHARS) {
    throw new TypeError(`maxResultChars must be a whole number of at least ${MIN_RESULT_CHARS}`);
  }
  return max;
}

/**
 * A result of `text` and `data` (an object, or undefined), each held to
 * `max` characters: a longer text is cut and says so at its end; data whose
 * JSON is longer is left out, and the text says so. `fields` (the task's
 * id, context id, state, an error's code) are copied as given.
 */
export function result(text, data, max, fields = {}) {
  let truncated = false;
  let body = typeof text === "string" ? text : "";
  let kept = data;
  if (data !== undefined && JSON.stringify(data).length > max) {
    kept = undefined;
    truncated = true;
    body += "\n[the structured data is longer than the limit and was left out]";
  }
  if (body.length > max) {
    const note = `\n[cut: the first ${max - NOTE_ROOM} of ${body.length} characters are shown]`;
    body = clip(body, max - NOTE_ROOM) + note;
    truncated = true;
  }
  return Object.freeze({ text: body, ...(kept === undefined ? {} : { data: kept }), isError: false, truncated, ...fields });
}

/** A failed result: `code`, a message the model reads, and `retryAfter` (seconds) when the agent said when to try again. */
export function failure(code, message, max, fields = {}) {
  const retry = fields.retryAfter === undefined ? "" : ` Try again in ${fields.retryAfter} s.`;
  return Object.freeze({ ...result(`${code}: ${message}${retry}`, undefined, max, fields), isError: true, code });
}

/** Whether `error` is a `MagisteriumError` of either entry (by name and code: this entry imports neither). */
export function isClientError(error) {
  return error instanceof Error && error.name === "MagisteriumError" && typeof error.code === "string";
}

/** A client's `MagisteriumError` as a failed result (its code, message, retry delay and task). */
export function errorResult(error, max) {
  const fields = {};
  if (typeof error.retryAfter === "number") fields.retryAfter = error.retryAfter;
  if (typeof error.taskId === "string") fields.taskId = error.taskId;
  return failure(error.code, clip(error.message, 2000), max, fields);
}
