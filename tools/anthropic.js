// magisterium-a2a/tools/anthropic: the tools as Anthropic Messages tools,
// and the run of a model's `tool_use` block answered as a `tool_result`
// block. Imports nothing from `@anthropic-ai/sdk`.

import { callTool, schemaOf } from "./call.js";

/** The tools for `messages.create({ tools })`. */
export function anthropicTools(tools) {
  return tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: schemaOf(tool) }));
}

/** Runs a `tool_use` block and resolves with its `tool_result` block (`is_error` when it failed), for the next user message. */
export async function runToolUse(tools, block, options) {
  const answer = await callTool(tools, block?.name, block?.input, options);
  return { type: "tool_result", tool_use_id: block?.id, content: answer.text, ...(answer.isError ? { is_error: true } : {}) };
}
