// magisterium-a2a/tools/openai: the tools as OpenAI function tools, in the
// Chat Completions and the Responses shapes, and the run of a model's
// function call answered in the same API's shape. Imports nothing from `openai`.

import { callTool, schemaOf } from "./call.js";

/** The tools for `chat.completions.create({ tools })`. */
export function chatCompletionsTools(tools) {
  return tools.map((tool) => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: schemaOf(tool) } }));
}

/** The tools for `responses.create({ tools })`. */
export function responsesTools(tools) {
  return tools.map((tool) => ({ type: "function", name: tool.name, description: tool.description, parameters: schemaOf(tool), strict: false }));
}

/**
 * Runs a model's function call and resolves with its output in the call's
 * API: a Chat Completions tool call (`{ id, function: { name, arguments } }`)
 * gets a `tool` message, a Responses `function_call` item a
 * `function_call_output` item.
 */
export async function runToolCall(tools, call, options) {
  if (call?.type === "function_call") {
    const answer = await callTool(tools, call.name, call.arguments, options);
    return { type: "function_call_output", call_id: call.call_id, output: answer.text };
  }
  const answer = await callTool(tools, call?.function?.name, call?.function?.arguments, options);
  return { role: "tool", tool_call_id: call?.id, content: answer.text };
}
