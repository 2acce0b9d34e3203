// magisterium-a2a/tools/ai: the tools for the Vercel AI SDK (`ai` 6 and 7),
// for `generateText({ tools })` and `streamText({ tools })`. Each input
// schema is a Standard Schema with its JSON Schema, which both majors take:
// this module imports nothing from `ai`.

import { checkInput } from "./schema.js";
import { schemaOf } from "./call.js";

/**
 * What a tool of this module throws for a failed result (a failed task, a
 * client's error): the AI SDK shows its message (the result's text: the
 * code, the reason, when to try again) to the model as the tool's error.
 */
export class ToolError extends Error {
  constructor(failed) {
    super(failed.text);
    this.name = "ToolError";
    this.code = failed.code;
    this.retryAfter = failed.retryAfter;
    this.result = failed;
  }
}

/** `tool`'s input schema as a Standard Schema (v1) with a JSON Schema converter. */
function standardSchema(tool) {
  return {
    "~standard": {
      version: 1,
      vendor: "magisterium-a2a",
      validate(value) {
        const checked = checkInput(tool.inputSchema, value);
        return checked.problem ? { issues: [{ message: checked.problem }] } : { value: checked.value };
      },
      jsonSchema: { input: () => schemaOf(tool), output: () => schemaOf(tool) },
    },
  };
}

/**
 * The tools as the AI SDK's tool set, keyed by name. `options.onProgress`
 * hears each running task's progress, with the tool's name and the call's id.
 */
export function aiSdkTools(tools, options) {
  const set = {};
  for (const tool of tools) {
    set[tool.name] = {
      description: tool.description,
      inputSchema: standardSchema(tool),
      async execute(input, call) {
        const onProgress = options?.onProgress;
        const report = onProgress && ((progress) => onProgress({ ...progress, toolName: tool.name, toolCallId: call?.toolCallId }));
        const answer = await tool.execute(input, { signal: call?.abortSignal, onProgress: report });
        if (answer.isError) throw new ToolError(answer);
        return answer;
      },
      toModelOutput: ({ output }) => ({ type: "text", value: output.text }),
    };
  }
  return set;
}
