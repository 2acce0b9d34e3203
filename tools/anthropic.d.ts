/**
 * magisterium-a2a/tools/anthropic — the tools as Anthropic Messages tools,
 * and a model's `tool_use` block run and answered as a `tool_result` block.
 * It imports nothing from `@anthropic-ai/sdk`.
 */

import type { A2ATool, ToolInputSchema, ToolRunOptions } from "./index.js";

/** A Messages tool definition. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ToolInputSchema;
}

/** A `tool_use` block of the model's answer. */
export interface AnthropicToolUse {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
}

/** The `tool_result` block answering it, for the next user message. */
export interface AnthropicToolResult {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  /** Present (true) when the tool failed: the content says the code and why. */
  is_error?: true;
}

/** The tools for `messages.create({ tools })`. */
export function anthropicTools(tools: readonly A2ATool[]): AnthropicTool[];

/** Runs a `tool_use` block: its `tool_result` block. */
export function runToolUse(tools: readonly A2ATool[], block: AnthropicToolUse, options?: ToolRunOptions | null): Promise<AnthropicToolResult>;
