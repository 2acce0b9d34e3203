// The tools entry (magisterium-a2a/tools, an ES module) and its adapters with
// their types: checked by every ES-module config of the matrix. Each
// `@ts-expect-error` line must be refused.
import { MagisteriumClient, type KnownTaskState, type TaskState } from "magisterium-a2a";
import { A2AClient, type AgentCard, type DiscoveredA2AClient } from "magisterium-a2a/agents";
import {
  type A2ATool,
  type AgentToolsOptions,
  DEFAULT_MAX_RESULT_CHARS,
  MAX_NAME,
  type ToolInputSchema,
  type ToolProgress,
  type ToolResult,
  type ToolSource,
  agentTools,
  magisteriumTools,
  toolsOnFirstUse,
} from "magisterium-a2a/tools";
import { type AiSdkTool, ToolError, aiSdkTools } from "magisterium-a2a/tools/ai";
import { type ChatCompletionsToolMessage, type ResponsesFunctionCallOutput, chatCompletionsTools, responsesTools, runToolCall } from "magisterium-a2a/tools/openai";
import { type AnthropicToolResult, anthropicTools, runToolUse } from "magisterium-a2a/tools/anthropic";
import { type McpToolServer, createMcpServer } from "magisterium-a2a/tools/mcp";

export async function toolsConsumer(signal: AbortSignal): Promise<void> {
  const agent: DiscoveredA2AClient = await A2AClient.discover("https://agent.example");
  const card: AgentCard = agent.card; // never null once discovered
  const options: AgentToolsOptions = { skills: ["echo"], prefix: "parish helper", maxResultChars: 5000, timeoutMs: 60_000, pollIntervalMs: 500, taken: new Set<string>() };
  const tools: A2ATool[] = [...agentTools(agent, options), ...magisteriumTools(new MagisteriumClient(), { maxResultChars: null })];
  const first = tools[0];
  if (!first) return;
  const schema: ToolInputSchema = first.inputSchema;
  const limits: [number, number] = [MAX_NAME, DEFAULT_MAX_RESULT_CHARS];
  const result: ToolResult = await first.execute({ message: "hi" }, { signal, onProgress: (p: ToolProgress) => void [p.progress, p.taskId, p.state, p.message] });
  const fields = [result.text, result.data, result.isError, result.truncated, result.code, result.retryAfter, result.taskId, result.contextId, result.state];

  // A task's state is checked against a list of states in strict TypeScript.
  const done: TaskState[] = ["completed", "failed", "canceled", "rejected"];
  const settled: boolean = result.state !== undefined && done.includes(result.state);
  const known: KnownTaskState = "input-required";

  const source: ToolSource = toolsOnFirstUse("https://agent.example", () => A2AClient.discover("https://agent.example"), { onChange: () => undefined });
  const listed: A2ATool[] = await source.list();

  const ai: Record<string, AiSdkTool> = aiSdkTools(tools, { onProgress: (p) => void [p.toolName, p.toolCallId, p.progress] });
  const error = new Error("x");
  const failed = error instanceof ToolError ? [error.code, error.retryAfter, error.result.text] : [];

  const chat = chatCompletionsTools(tools);
  const responses = responsesTools(tools);
  const message: ChatCompletionsToolMessage = await runToolCall(tools, { id: "c", type: "function", function: { name: "ask", arguments: "{}" } });
  const output: ResponsesFunctionCallOutput = await runToolCall(tools, { type: "function_call", call_id: "c", name: "ask", arguments: "{}" }, { signal });
  const anthropic = anthropicTools(tools);
  const toolResult: AnthropicToolResult = await runToolUse(tools, { type: "tool_use", id: "t", name: "ask", input: {} });

  const server: McpToolServer = createMcpServer([tools, source], { name: "parish", version: "1.0.0" });
  await server.sendToolListChanged();

  // @ts-expect-error a client made without discovery has no card to make tools of
  agentTools(new A2AClient({ endpoint: "https://agent.example/a2a" }));
  // @ts-expect-error a tool's name is read-only
  first.name = "other";
  // @ts-expect-error skills are named by their ids
  agentTools(agent, { skills: "echo" });
  // @ts-expect-error a progress callback is told a ToolProgress
  await first.execute({}, { onProgress: (p: string) => p });

  void [card, schema, limits, fields, settled, known, listed, ai, failed, chat, responses, message, output, anthropic, toolResult];
}
