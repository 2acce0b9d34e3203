/**
 * magisterium-a2a/agents — `A2AClient`, the client for every A2A agent
 * (Magisterium among them), with its own WebAssembly module. Its options,
 * errors and task types are those of `magisterium-a2a` (index.d.ts), and its
 * `MagisteriumError` is the same class: an error from either entry is an
 * instance of the class either exports.
 */

import type {
  Artifact,
  CallOptions,
  ClientLimits,
  InitInput,
  KnownTaskState,
  Message,
  SendMessageParams,
  Task,
  TaskState,
  TaskStatus,
  TokenOptions,
  TransportOptions,
  WaitOptions,
} from "./index.js";

export { MagisteriumError } from "./index.js";
export type {
  Artifact,
  CallOptions,
  ClientLimits,
  DataPart,
  FetchFunction,
  FilePart,
  InitInput,
  ErrorCode,
  KnownTaskState,
  MagisteriumErrorDetails,
  Message,
  Part,
  Rate,
  RateLimit,
  RequestHookInfo,
  ResponseHookInfo,
  SendMessageParams,
  Task,
  TaskState,
  TaskStatus,
  TextPart,
  TokenOptions,
  TokenProvider,
  TokenProviderContext,
  TransportOptions,
  WaitOptions,
} from "./index.js";

/** Whose meanings the server-defined JSON-RPC codes -32002..-32009 have. */
export type Dialect = "magisterium" | "a2a";

/** A skill of an agent card. */
export interface AgentSkill {
  id: string;
  name: string;
  description?: string;
  tags?: string[];
  examples?: string[];
  inputModes?: string[];
  outputModes?: string[];
  [key: string]: unknown;
}

/** The A2A versions `A2AClient` speaks: 0.3 (and 0.2, and Magisterium's contract) or 1.0 (and every 1.x). */
export type ProtocolVersion = "1.0" | "0.3";

/**
 * The A2A bindings `A2AClient` speaks: JSON-RPC (A2A 1.0 and 0.3) and
 * HTTP+JSON, the REST binding (A2A 1.0).
 */
export type Binding = "JSONRPC" | "HTTP+JSON";

/** What an agent supports. */
export interface AgentCapabilities {
  /** `true`: the agent streams `sendMessageStream` and `subscribeToTask`. */
  streaming?: boolean;
  pushNotifications?: boolean;
  stateTransitionHistory?: boolean;
  /** A2A 1.0: the agent has an extended card for authenticated callers. */
  extendedAgentCard?: boolean;
  [key: string]: unknown;
}

/** An endpoint an A2A 1.0 card offers: its URL, binding and version. `A2AClient` speaks `JSONRPC` and `HTTP+JSON`. */
export interface AgentInterface {
  url: string;
  protocolBinding: "JSONRPC" | "GRPC" | "HTTP+JSON" | (string & {});
  protocolVersion: string;
  tenant?: string;
  [key: string]: unknown;
}

/** An A2A agent card (checked: `name`, `capabilities`, `skills` with `id` and `name`, an endpoint in `url` or `supportedInterfaces`), as the agent sent it. */
export interface AgentCard {
  name: string;
  /** The agent's A2A 0.2/0.3 endpoint (a 1.0 card has none: its endpoints are in `supportedInterfaces`). */
  url?: string;
  description?: string;
  version?: string;
  /** The A2A version of `url` (0.3 when absent). */
  protocolVersion?: string;
  /** A2A 1.0: the endpoints the agent offers, in its order of preference. */
  supportedInterfaces?: AgentInterface[];
  capabilities: AgentCapabilities;
  skills: AgentSkill[];
  securitySchemes?: Record<string, Record<string, unknown>>;
  security?: Record<string, string[]>[];
  defaultInputModes?: string[];
  defaultOutputModes?: string[];
  provider?: { organization: string; url?: string };
  [key: string]: unknown;
}

/** Options of `new A2AClient(...)`. */
export type A2AClientOptions = TokenOptions &
  ClientLimits &
  TransportOptions & {
    /** The agent's A2A endpoint (required). */
    endpoint: string;
    /** Default: "magisterium" for an endpoint on `magisterium.com` or `www.magisterium.com`, "a2a" otherwise. */
    dialect?: Dialect | null | undefined;
    /** The A2A version the endpoint speaks. Default "0.3". */
    protocolVersion?: ProtocolVersion | null | undefined;
    /** The binding the endpoint speaks. Default "JSONRPC"; "HTTP+JSON" is A2A 1.0's only (then `protocolVersion` defaults to "1.0", and "0.3" is INVALID_INPUT). */
    binding?: Binding | null | undefined;
    /**
     * A2A extensions (their URIs) to ask for, sent on every request as
     * `A2A-Extensions` (0.3: `X-A2A-Extensions`); each answer then carries
     * those the agent activated for it (`activatedExtensions`).
     */
    extensions?: readonly string[] | null | undefined;
  };

/** Options of `A2AClient.discover(...)`: the client's options (the endpoint is chosen from the card), and the discovery's own `signal`; `timeoutMs` bounds the discovery too. */
export type DiscoverOptions = TokenOptions &
  ClientLimits &
  TransportOptions & {
    /** Default: from the card ("magisterium" for Magisterium's, "a2a" for every other agent). */
    dialect?: Dialect | null | undefined;
    /**
     * The A2A version to speak, at the card's endpoint for it (else at its
     * other one). Default: the card's first `JSONRPC` interface of A2A 1.x,
     * else its 0.2/0.3 `url` or interface; when the card offers both, a
     * -32009 (VERSION_NOT_SUPPORTED) from the first moves the client to the
     * other, which it then keeps, and the call is retried there (a retry
     * counted against `maxRetries`).
     */
    protocolVersion?: ProtocolVersion | null | undefined;
    /**
     * The binding to speak: only the card's interfaces of that binding are
     * chosen from (none is BAD_RESPONSE). Default: the card's first
     * interface of a binding and version the client speaks, in the card's order.
     */
    binding?: Binding | null | undefined;
    /**
     * Origins as `URL` writes them (`"https://agents.example"`, `new URL(url).origin`) that may receive
     * the `token` besides the card's own host, its subdomains and the domain it is a
     * subdomain of. With a `token`, a card whose endpoint is elsewhere is INVALID_INPUT, and a
     * -32009 fallback elsewhere is dropped; a `tokenProvider` is told each URL instead.
     */
    tokenOrigins?: readonly string[] | null | undefined;
    /**
     * A2A extensions (their URIs) to ask for, sent on every request as
     * `A2A-Extensions` (0.3: `X-A2A-Extensions`); each answer then carries
     * those the agent activated for it (`activatedExtensions`).
     */
    extensions?: readonly string[] | null | undefined;
    /** Aborts the discovery. */
    signal?: AbortSignal | null | undefined;
  };

/**
 * A streamed change of a task's status. When an A2A 1.0 agent leaves out
 * `final`, it is true for a terminal state, `input-required` and `auth-required`.
 */
export interface TaskStatusUpdateEvent {
  kind: "status-update";
  taskId: string;
  contextId: string;
  status: TaskStatus;
  /** The last event of the stream. */
  final: boolean;
  metadata?: Record<string, unknown>;
}

/** A streamed artifact, or a chunk of one. */
export interface TaskArtifactUpdateEvent {
  kind: "artifact-update";
  taskId: string;
  contextId: string;
  artifact: Artifact;
  /** Its parts extend those already received for the same `artifactId` (false when the agent left it out). */
  append: boolean;
  /** The last chunk of this artifact (false when the agent left it out). */
  lastChunk: boolean;
  metadata?: Record<string, unknown>;
}

/**
 * What every answer of an agent asked for `extensions` carries: the
 * extensions the agent activated for that call (or stream: each of its
 * events), as its response's `A2A-Extensions` header (0.3:
 * `X-A2A-Extensions`) listed them; absent when it listed none. In a page,
 * only when the agent's CORS answer exposes that header.
 */
export interface ActivatedExtensions {
  activatedExtensions?: string[];
}

/** An event of `sendMessageStream` or `subscribeToTask`, in A2A 0.3's shape whatever the agent's version, unknown fields kept; `kind` tells which. */
export type A2AStreamEvent = (Task | Message | TaskStatusUpdateEvent | TaskArtifactUpdateEvent) & ActivatedExtensions;

/** The options of `sendMessageStream` and `subscribeToTask`. */
export interface StreamOptions extends CallOptions {
  /**
   * `true`: when the connection drops (NETWORK) before the task settles, the
   * stream resubscribes to the task once (`tasks/resubscribe`, 1.0
   * `SubscribeToTask`, with the same `signal` and a `timeoutMs` of its own)
   * and goes on, yielding no event twice. Default `false`: the stream ends with the error.
   */
  resubscribe?: boolean;
}

/**
 * What `sendMessageStream` and `subscribeToTask` return: iterate it with
 * `for await`. It is its own iterator. An error ends it: `next()` rejects
 * with that `MagisteriumError`.
 */
export interface A2AEventStream extends AsyncIterable<A2AStreamEvent> {
  /** The next event; `done` once the stream has ended. */
  next(): Promise<IteratorResult<A2AStreamEvent, undefined>>;
  /** Ends the stream and closes its connection (what leaving a `for await` loop calls). */
  return(): Promise<IteratorReturnResult<undefined>>;
  [Symbol.asyncIterator](): A2AEventStream;
}

/** What `listTasks` sends (A2A 1.0's ListTasksRequest), as given; every field optional. */
export interface ListTasksParams {
  /** Only the tasks of this conversation. */
  contextId?: string | undefined;
  /** Only the tasks in this state (sent to an A2A 1.0 agent as `TASK_STATE_…`). */
  status?: Exclude<KnownTaskState, "unknown"> | undefined;
  /** At most this many tasks (the agent bounds it too). */
  pageSize?: number | undefined;
  /** The previous page's `nextPageToken`. */
  pageToken?: string | undefined;
  /** At most this many messages of each task's history. */
  historyLength?: number | undefined;
  /** Only the tasks whose status changed after this time (ISO 8601, e.g. `2026-03-19T00:00:00Z`). */
  statusTimestampAfter?: string | undefined;
  /** Include each task's artifacts. */
  includeArtifacts?: boolean | undefined;
}

/** What `listTasks` resolves with, as the agent sent it (its tasks in the package's shape, unknown fields kept). */
export interface ListTasksResult extends ActivatedExtensions {
  tasks: Task[];
  /** The `pageToken` of the next page; absent or empty on the last. */
  nextPageToken?: string;
  pageSize?: number;
  totalSize?: number;
  [key: string]: unknown;
}

/** How an agent authenticates to a webhook (0.3's `PushNotificationAuthenticationInfo`; a 1.0 agent takes the first scheme). */
export interface PushAuthentication {
  /** `"Bearer"`, …. */
  schemes: string[];
  credentials?: string;
  [key: string]: unknown;
}

/** Where and how an agent POSTs a task's updates (A2A 0.3's `PushNotificationConfig`). */
export interface PushNotificationConfig {
  /** The config's id: given by the caller, or by the agent. */
  id?: string;
  /** The webhook's URL. */
  url: string;
  /** A token the agent sends with each notification, for the webhook to check. */
  token?: string;
  authentication?: PushAuthentication;
  [key: string]: unknown;
}

/** A task's push-notification config as the agent stored it, in A2A 0.3's shape whatever the agent's version. */
export interface TaskPushNotificationConfig extends ActivatedExtensions {
  /** The task (absent when the agent left it out). */
  taskId?: string;
  pushNotificationConfig: PushNotificationConfig;
  [key: string]: unknown;
}

/** A task's push-notification configs (a 0.3 agent's bare list wrapped), and a 1.0 agent's next page. */
export interface PushNotificationConfigList extends ActivatedExtensions {
  configs: TaskPushNotificationConfig[];
  /** The next page's token; absent or empty on the last. */
  nextPageToken?: string;
  [key: string]: unknown;
}

/**
 * What `A2AClient.extras()` resolves with: calls of that client's session
 * (its token, limits and retries) that not every orchestrator needs. Each
 * rejects only with `MagisteriumError`; an invalid argument with
 * INVALID_INPUT before a request is sent.
 */
export interface A2AExtras {
  /**
   * `agent/getAuthenticatedExtendedCard` (1.0: `GetExtendedAgentCard`): the
   * card the agent shows an authenticated caller (with this client's token),
   * as sent. AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED, without a request,
   * when the discovered card does not say `capabilities.extendedAgentCard`
   * (0.3: `supportsAuthenticatedExtendedCard`); from the agent (-32007) when it has none after all.
   */
  extendedCard(options?: CallOptions | null): Promise<AgentCard>;
  /**
   * `tasks/pushNotificationConfig/set` (1.0: `CreateTaskPushNotificationConfig`):
   * asks the agent to POST the task's updates to `config.url`; the config as
   * stored. For a program that can receive webhooks (a page cannot).
   * PUSH_NOTIFICATION_NOT_SUPPORTED from an agent without push notifications.
   */
  createPushNotificationConfig(
    taskId: string,
    config: PushNotificationConfig,
    options?: CallOptions | null,
  ): Promise<TaskPushNotificationConfig>;
  /** `tasks/pushNotificationConfig/get` (1.0: `GetTaskPushNotificationConfig`): the task's config `configId`. */
  getPushNotificationConfig(taskId: string, configId: string, options?: CallOptions | null): Promise<TaskPushNotificationConfig>;
  /** `tasks/pushNotificationConfig/list` (1.0: `ListTaskPushNotificationConfigs`): the task's configs. */
  listPushNotificationConfigs(taskId: string, options?: CallOptions | null): Promise<PushNotificationConfigList>;
  /** `tasks/pushNotificationConfig/delete` (1.0: `DeleteTaskPushNotificationConfig`): removes the task's config `configId`. */
  deletePushNotificationConfig(taskId: string, configId: string, options?: CallOptions | null): Promise<void>;
}

/**
 * A client for every A2A agent (Magisterium among them): discovered from its
 * agent card, or given an endpoint. The error dialect is decided once, from
 * the card or the endpoint, never guessed per error.
 */
export class A2AClient {
  /** Throws `MagisteriumError` (INVALID_INPUT) for invalid options. */
  constructor(options: A2AClientOptions);
  /** Fetches `${baseUrl}/.well-known/agent.json` (then `agent-card.json`), cached for its Cache-Control max-age, and resolves with a client for the endpoint it chooses from the card (see `DiscoverOptions.protocolVersion`). */
  static discover(baseUrl: string, options?: DiscoverOptions | null): Promise<DiscoveredA2AClient>;
  /** The endpoint this client calls: chosen from the card when discovered, the other version's after a -32009 fallback. */
  readonly endpoint: string;
  /** The A2A version the client speaks (it can change once, with `endpoint`, after a -32009 fallback). */
  readonly protocolVersion: ProtocolVersion;
  /** The binding the client speaks at `endpoint`. */
  readonly binding: Binding;
  /** The error dialect in use. */
  readonly dialect: Dialect;
  /** The card the client was discovered from, or null. */
  readonly card: AgentCard | null;
  /** `message/send`, asking a generic agent not to block (`configuration.blocking: false`): the task as sent, `submitted`/`working` included (then `waitForTask`), or a message (generic agents may answer one). */
  sendMessage(message: SendMessageParams, options?: CallOptions | null): Promise<(Task | Message) & ActivatedExtensions>;
  /** `tasks/get`. */
  getTask(id: string, options?: CallOptions | null): Promise<Task & ActivatedExtensions>;
  /** `tasks/cancel` (TASK_NOT_CANCELABLE from a generic agent for a finished task). */
  cancelTask(id: string, options?: CallOptions | null): Promise<Task & ActivatedExtensions>;
  /** Polls `tasks/get` until the task is terminal or needs the caller (its last answer's `activatedExtensions`). */
  waitForTask(id: string, options?: WaitOptions | null): Promise<Task & ActivatedExtensions>;
  /**
   * `message/stream` (1.0: `SendStreamingMessage`): the answer's events as
   * they come. `timeoutMs` bounds the whole stream (default 300000),
   * `signal` ends it, leaving the loop closes the connection. An agent whose
   * card does not say `capabilities.streaming` (Magisterium) gets one
   * `message/send` that waits, and the stream yields its task or message.
   */
  sendMessageStream(message: SendMessageParams, options?: StreamOptions | null): A2AEventStream;
  /** `tasks/resubscribe` (1.0: `SubscribeToTask`): the task's events from its current state on, bounded as `sendMessageStream`'s; from an agent that does not stream, polls as `waitForTask` and yields the final task. */
  subscribeToTask(id: string, options?: StreamOptions | null): A2AEventStream;
  /** `tasks/list` (1.0: `ListTasks`), the params sent as given (a 0.3 agent usually has no such method: METHOD_NOT_FOUND). */
  listTasks(params?: ListTasksParams | null, options?: CallOptions | null): Promise<ListTasksResult>;
  /**
   * The calls not every orchestrator needs: the authenticated extended card
   * and push-notification configs. Loads their part of the module (as a
   * first A2A 1.0 call or stream does) and resolves with them, bound to this
   * client (its session, token, options and card).
   */
  extras(): Promise<A2AExtras>;
  /** Frees the client's wasm memory (also done by the garbage collector). */
  free(): void;
  [Symbol.dispose](): void;
}

/** A client `A2AClient.discover` resolved with: its `card` is the card it was discovered from, never null. */
export type DiscoveredA2AClient = A2AClient & { readonly card: AgentCard };

/**
 * Loads this entry's WebAssembly module. Call once before the first client in
 * the web build; in the Node and bundler builds it resolves at once.
 */
export default function init(input?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<unknown>;
