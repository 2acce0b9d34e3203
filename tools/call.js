// A model's tool call by name: the tool of that name run with the call's
// arguments (JSON text or an object), or a failed result naming the tools
// when there is none. What the OpenAI, Anthropic and MCP adapters share.

import { failure, resultBound } from "./result.js";
import { clip } from "./text.js";

/** Runs the tool of `tools` named `name` on `args`; `options`: the call's `signal`, `onProgress` and `maxResultChars`. */
export function callTool(tools, name, args, options) {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool) return tool.execute(args, options);
  const names = tools.map((candidate) => candidate.name).join(", ");
  return Promise.resolve(failure("INVALID_INPUT", `no tool is named "${clip(String(name), 64)}"; the tools are ${names}.`, resultBound(options)));
}

/** A tool's JSON Schema as a copy of its own (a framework may add to what it is given). */
export const schemaOf = (tool) => structuredClone(tool.inputSchema);
