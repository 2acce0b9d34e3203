/**
 * magisterium-a2a/tools/ai — the tools for the Vercel AI SDK (`ai` 6 and 7):
 * `generateText({ model, tools: aiSdkTools(tools) })`, `streamText(…)`. Its
 * types are written here (it imports nothing from `ai`), and the types suite
 * holds them assignable to both majors' `ToolSet`.
 */

import type { ErrorCode } from "../agents.js";
import type { A2ATool, ToolProgress, ToolResult } from "./index.js";

/** A Standard Schema (v1) of a tool's input, with its JSON Schema (what both majors of the AI SDK take as `inputSchema`). */
export interface AiSdkInputSchema {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { readonly value: Record<string, unknown>; readonly issues?: undefined } | { readonly issues: ReadonlyArray<{ readonly message: string }> };
    readonly types?: { readonly input: Record<string, unknown>; readonly output: Record<string, unknown> } | undefined;
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      readonly output: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
}

/** One tool of the AI SDK's tool set. */
export interface AiSdkTool {
  description: string;
  inputSchema: AiSdkInputSchema;
  /** Runs the tool with the call's `abortSignal`: its result, or a `ToolError` for a failed one. */
  execute(input: Record<string, unknown>, options: { toolCallId: string; abortSignal?: AbortSignal | undefined }): Promise<ToolResult>;
  /** What the model reads: the result's text. */
  toModelOutput(options: { output: ToolResult }): { type: "text"; value: string };
}

/** A tool's progress, with the tool's name and the call's id. */
export interface AiSdkToolProgress extends ToolProgress {
  toolName: string;
  toolCallId: string | undefined;
}

/** The options of `aiSdkTools`. */
export interface AiSdkToolsOptions {
  /** Hears each running task's progress. */
  onProgress?: ((progress: AiSdkToolProgress) => void) | null | undefined;
}

/** The tools as the AI SDK's tool set, keyed by name. */
export function aiSdkTools(tools: readonly A2ATool[], options?: AiSdkToolsOptions | null): Record<string, AiSdkTool>;

/** What a tool of `aiSdkTools` throws for a failed result: the AI SDK shows its `message` (the result's text) to the model. */
export class ToolError extends Error {
  readonly name: "ToolError";
  /** The failure's code. */
  readonly code: ErrorCode | undefined;
  /** RATE_LIMITED: seconds to wait before trying again. */
  readonly retryAfter: number | undefined;
  /** The whole result. */
  readonly result: ToolResult;
}
