/**
 * magisterium-a2a/tools/openai — the tools as OpenAI function tools (Chat
 * Completions and Responses), and a model's function call run and answered
 * in the same API's shape. It imports nothing from `openai`.
 */

import type { A2ATool, ToolInputSchema, ToolRunOptions } from "./index.js";

/** A Chat Completions function tool. */
export interface ChatCompletionsTool {
  type: "function";
  function: { name: string; description: string; parameters: ToolInputSchema };
}

/** A Responses function tool. */
export interface ResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: ToolInputSchema;
  strict: false;
}

/** A Chat Completions tool call, as `message.tool_calls` holds it. */
export interface ChatCompletionsToolCall {
  id: string;
  type?: "function";
  function: { name: string; arguments: string };
}

/** A Responses `function_call` output item. */
export interface ResponsesFunctionCall {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
}

/** The answer to a Chat Completions tool call: the next message. */
export interface ChatCompletionsToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** The answer to a Responses function call: the next input item. */
export interface ResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string;
}

/** The tools for `chat.completions.create({ tools })`. */
export function chatCompletionsTools(tools: readonly A2ATool[]): ChatCompletionsTool[];

/** The tools for `responses.create({ tools })`. */
export function responsesTools(tools: readonly A2ATool[]): ResponsesTool[];

/** Runs a Chat Completions tool call: the `tool` message answering it (a failure's text starts with its code). */
export function runToolCall(tools: readonly A2ATool[], call: ChatCompletionsToolCall, options?: ToolRunOptions | null): Promise<ChatCompletionsToolMessage>;
/** Runs a Responses function call: the `function_call_output` item answering it. */
export function runToolCall(tools: readonly A2ATool[], call: ResponsesFunctionCall, options?: ToolRunOptions | null): Promise<ResponsesFunctionCallOutput>;
