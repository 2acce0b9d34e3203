// One tool: its name, description and input schema, and an `execute` that
// checks the model's arguments, runs, and turns a client's error into a
// result the model reads. An abort, and anything that is not the client's
// error (a bug), still rejects.

import { checkInput } from "./schema.js";
import { errorResult, failure, isClientError } from "./result.js";

/** A tool whose `run(input, options)` resolves with its result; `max` bounds the results it makes itself. */
export function defineTool(name, description, inputSchema, run, max) {
  return Object.freeze({
    name,
    description,
    inputSchema,
    async execute(input, options) {
      const checked = checkInput(inputSchema, input);
      if (checked.problem) return failure("INVALID_INPUT", `${checked.problem}.`, max);
      try {
        return await run(checked.value, options ?? {});
      } catch (error) {
        if (options?.signal?.aborted || !isClientError(error)) throw error;
        return errorResult(error, max);
      }
    },
  });
}
