/**
 * magisterium-a2a/tools — A2A agents' skills, and Magisterium's, as tools
 * for language models, in no framework's shape: `magisterium-a2a/tools/ai`,
 * `/openai`, `/anthropic` and `/mcp` give them each framework's. No
 * WebAssembly and no dependency: it works on the clients it is given, each
 * tool calling only its own client (that client's token, limits and retries).
 */

import type { DiscoveredA2AClient, ErrorCode, TaskState } from "../agents.js";
import type { MagisteriumClient } from "../index.js";

/** The longest tool name (names match `^[a-zA-Z0-9_-]{1,64}$`, which OpenAI, Anthropic, MCP and the AI SDK all accept). */
export const MAX_NAME: 64;

/** The default bound of a result's text (and, apart, of its structured data as JSON), in characters. */
export const DEFAULT_MAX_RESULT_CHARS: 20000;

/** A JSON Schema (draft-07) of a tool's input: an object, its properties, which are required; no other property allowed. */
export interface ToolInputSchema {
  type: "object";
  properties: Record<string, ToolPropertySchema>;
  required: string[];
  additionalProperties: false;
}

/** One property of a tool's input. */
export interface ToolPropertySchema {
  type: "string" | "object";
  description: string;
  /** A string's longest length. */
  maxLength?: number;
  /** A string's pattern. */
  pattern?: string;
}

/** What a running tool reports as its task goes on (a streaming agent's events). */
export interface ToolProgress {
  /** The events seen so far: 1, 2, … */
  progress: number;
  /** The agent's task, once known. */
  taskId?: string;
  /** The task's state, once known. */
  state?: TaskState;
  /** The agent's latest words: a status message, or an artifact chunk's text (at most 500 characters). */
  message?: string;
}

/** The options of one run of a tool. */
export interface ToolRunOptions {
  /** Aborts the run: the wait ends (the run rejects with the client's ABORTED) and the remote task is canceled, best effort. */
  signal?: AbortSignal | null | undefined;
  /** Hears the task's progress while it runs. */
  onProgress?: ((progress: ToolProgress) => void) | null | undefined;
}

/**
 * What a tool resolves with. `text` is what the model reads: the answer (an
 * agent's artifacts or message, data parts as JSON; Magisterium's answer
 * with its numbered sources), the ids to go on with, and a line saying what
 * was cut when it was longer than the bound. A failure (a failed, rejected
 * or canceled task, a client's error, arguments that do not fit the schema)
 * is a result too, with `isError`, its `code` and, when the agent said,
 * `retryAfter`: its text says them for the model.
 */
export interface ToolResult {
  text: string;
  /** The answer's structured data, when its JSON fits in the bound: an agent's data parts as `{ data: [...] }`, Magisterium's citations, hits or document fields. */
  data?: Record<string, unknown>;
  isError: boolean;
  /** Something was cut (the text, the data, or artifact chunks past the bound). */
  truncated: boolean;
  /** A failure's code: the client's `ErrorCode`; `TASK_FAILED` for a failed, rejected or canceled task. */
  code?: ErrorCode;
  /** RATE_LIMITED: seconds to wait before trying again. */
  retryAfter?: number;
  /** The agent's task, when there was one. */
  taskId?: string;
  /** The conversation: pass it as `contextId` to go on with it. */
  contextId?: string;
  /** The task's state as it ended (`input-required`: the text is the agent's question). */
  state?: TaskState;
}

/** A tool in no framework's shape; the adapters give it each framework's. */
export interface A2ATool {
  /** Unique among the tools made together, `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name: string;
  /** At most 1024 characters, control characters removed. */
  readonly description: string;
  readonly inputSchema: ToolInputSchema;
  /**
   * Runs the tool on a model's arguments (an object, or its JSON text).
   * Rejects only when aborted, and for a bug; every other failure is a
   * result with `isError`.
   */
  execute(input: unknown, options?: ToolRunOptions | null): Promise<ToolResult>;
}

/** What every function making tools takes. */
export interface ToolOptions {
  /** The bound of a result's text and, apart, of its data's JSON, in characters (at least 200). Default 20000. */
  maxResultChars?: number | null | undefined;
  /** The time limit of a call (an agent's task: of the whole wait or stream), in whole ms. Default: the client's (a wait or stream: 300000). */
  timeoutMs?: number | null | undefined;
  /** Names already in use (another agent's tools): the new tools' names differ from them, and are added. */
  taken?: Set<string> | null | undefined;
}

/** The options of `agentTools`. */
export interface AgentToolsOptions extends ToolOptions {
  /** Only these skills (by id). Default: every skill (at most 64). */
  skills?: readonly string[] | null | undefined;
  /** The first part of each name, as words (default the card's `name`): `"Parish helper"` → `parish_helper_…`. */
  prefix?: string | null | undefined;
  /** The first interval between polls of a task of an agent that does not stream, in whole ms. */
  pollIntervalMs?: number | null | undefined;
}

/**
 * A tool per skill of the client's card: named `<agent>_<skill>` from their
 * names, described from the skill's description, tags and examples, taking
 * `{ message, data?, contextId?, taskId? }`. A run sends the message, follows
 * the task to its end (the stream when the card says the agent streams,
 * else `waitForTask`) and resolves with its artifacts, its message answer,
 * its question (`input-required`: answer with `taskId`), or its failure.
 * Throws a TypeError for a client without a card (made with `new A2AClient`).
 */
export function agentTools(client: DiscoveredA2AClient, options?: AgentToolsOptions | null): A2ATool[];

/**
 * Magisterium's tools over the client: `ask` (`{ question, contextId? }`:
 * the answer, its numbered sources, related questions and a contextId),
 * `search_documents` (`{ query }`), `fetch_document` (`{ id }`),
 * `mass_readings` and `saints_of_the_day` (`{ date }`: `YYYY-MM-DD` or words
 * like "next Sunday").
 */
export function magisteriumTools(client: MagisteriumClient, options?: ToolOptions | null): A2ATool[];

/** Tools listed when first needed (what `toolsOnFirstUse` returns). */
export interface ToolSource {
  /** The tools, discovering the agent the first time (again after a failure). */
  list(): Promise<A2ATool[]>;
}

/** The options of `toolsOnFirstUse`. */
export interface ToolsOnFirstUseOptions extends AgentToolsOptions {
  /** Called when an agent that was down answers through its stand-in tool: its tools have changed (list them again). */
  onChange?: (() => void) | null | undefined;
}

/**
 * An agent discovered when its tools are first listed, so that a server
 * starts without it: `discover` is called then (and again after a failure).
 * While it rejects (a `MagisteriumError`), `list()` gives one tool standing
 * for the agent (named from `label`, its URL), which says it is down and
 * tries again when called.
 */
export function toolsOnFirstUse(
  label: string,
  discover: () => Promise<DiscoveredA2AClient>,
  options?: ToolsOnFirstUseOptions | null,
): ToolSource;
