/**
 * magisterium-a2a — a typed, Promise-returning client for the Magisterium AI
 * A2A endpoint (JSON-RPC 2.0 over fetch). The same types serve the web,
 * bundler and Node builds.
 */

/** The stable code of every `MagisteriumError`; branch on it. */
export type MagisteriumErrorCode =
  | "PARSE_ERROR"
  | "INVALID_REQUEST"
  | "METHOD_NOT_FOUND"
  | "INVALID_PARAMS"
  | "INTERNAL_ERROR"
  | "TASK_NOT_FOUND"
  | "SKILL_NOT_FOUND"
  | "RATE_LIMITED"
  | "UNAUTHORIZED"
  | "PLAN_REQUIRED"
  | "TASK_FAILED"
  | "NETWORK"
  | "TIMEOUT"
  | "ABORTED"
  | "BAD_RESPONSE"
  | "INVALID_INPUT"
  | "NOT_INITIALIZED" // the web build used before `await init()`
  // Generic A2A agents' own codes (an A2AClient in the "a2a" dialect):
  | "TASK_NOT_CANCELABLE"
  | "PUSH_NOTIFICATION_NOT_SUPPORTED"
  | "UNSUPPORTED_OPERATION"
  | "CONTENT_TYPE_NOT_SUPPORTED"
  | "INVALID_AGENT_RESPONSE"
  | "AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED";

/** Optional fields of a `MagisteriumError`, as its constructor takes them. */
export interface MagisteriumErrorDetails {
  /** The JSON-RPC `error.code` the server sent, e.g. -32003. */
  rpcCode?: number;
  /** The HTTP status of the response, when one arrived. */
  httpStatus?: number;
  /** RATE_LIMITED: seconds to wait before trying again. */
  retryAfter?: number;
  /** TASK_FAILED (and a task in an unexpected state): the task's id. */
  taskId?: string;
  /** The JSON-RPC `error.data`, as the server sent it. */
  data?: unknown;
  /** The underlying failure: a fetch TypeError, an abort reason, what a tokenProvider threw. */
  cause?: unknown;
}

/** Every rejection of the client is a `MagisteriumError` (a real `Error`). */
export class MagisteriumError extends Error {
  constructor(code: MagisteriumErrorCode, message: string, details?: MagisteriumErrorDetails);
  readonly name: "MagisteriumError";
  /** Stable code; see `MagisteriumErrorCode`. */
  readonly code: MagisteriumErrorCode;
  /** The JSON-RPC `error.code`, when the server sent one. */
  readonly rpcCode: number | undefined;
  /** The HTTP status of the response, when one arrived. */
  readonly httpStatus: number | undefined;
  /** RATE_LIMITED: seconds to wait before trying again. */
  readonly retryAfter: number | undefined;
  /** TASK_FAILED: the failed task's id (the server's reason is the `message`). */
  readonly taskId: string | undefined;
  /** The JSON-RPC `error.data`, as sent (a token in it is redacted). */
  readonly data: unknown;
}

/** A token, or where to get one. */
export type TokenProvider = () => string | Promise<string>;

/** Options of `new MagisteriumClient(...)`. */
export interface ClientOptions {
  /** A Bearer token (an OAuth user token). Refused over plain `http:` except to loopback. */
  token?: string;
  /** Called before each request for the token; after a 401 it is called once more and the call retried once. */
  tokenProvider?: TokenProvider;
  /** The A2A endpoint. Default `https://www.magisterium.com/api/v1/a2a`; a proxy URL may need no token. */
  endpoint?: string;
  /** Default time limit of a call, retries included, in milliseconds. Default 30000. */
  timeoutMs?: number;
  /** Retries after the first attempt (0–10). Default 2. */
  maxRetries?: number;
  /** The longest RATE_LIMITED wait the client sits through before rejecting, in ms. Default 10000. */
  maxRetryWaitMs?: number;
}

/** Options every call takes last. */
export interface CallOptions {
  /** Aborts the call: it rejects with code ABORTED, the signal's reason as `cause`. */
  signal?: AbortSignal;
  /** This call's time limit in milliseconds (overrides the client's). */
  timeoutMs?: number;
}

/** Options of `waitForTask`. */
export interface WaitOptions extends CallOptions {
  /** The first interval between polls in milliseconds (default 500), growing ×1.5 up to 10 s. */
  pollIntervalMs?: number;
  /** The time limit of the whole wait (default 300000). */
  timeoutMs?: number;
}

/** Options of `ask`. */
export interface AskOptions extends CallOptions {
  /** Continue the conversation of an earlier answer (`answer.contextId`). */
  contextId?: string;
}

/** One source of an answer. Known fields are optional; every other field, and a known one of an unexpected type, is in `raw` under its wire name. */
export interface Citation {
  citedText?: string;
  citedTextHeading?: string;
  documentTitle?: string;
  documentIndex?: number;
  documentAuthor?: string;
  documentReference?: string;
  documentYear?: string | number;
  /** As sent: check the scheme before making it a link. */
  sourceUrl?: string;
  raw: Record<string, unknown>;
}

/** A `catholic_qa` answer. */
export interface QaAnswer {
  /** The full answer (with markers like [1] that refer to `citations`). */
  text: string;
  citations: Citation[];
  relatedQuestions: string[];
  taskId: string;
  /** Pass as `contextId` to ask a follow-up in the same conversation. */
  contextId: string;
}

/** A `document_search` hit; pass `id` to `fetchDocument`. */
export interface SearchResult {
  id: string;
  /** Empty when the server sent none. */
  url: string;
  /** Empty when the server sent none. */
  title: string;
}

/** A document from `document_fetch`. Missing metadata is an empty string. */
export interface MagisteriumDocument {
  id: string;
  title: string;
  author: string;
  ref: string;
  text: string;
}

/** A date: a `Date` (its local calendar day), `YYYY-MM-DD`, or natural language such as "next Sunday". */
export type DateQuery = Date | string;

/** A2A task states. */
export type TaskState =
  | "submitted"
  | "working"
  | "input-required"
  | "completed"
  | "canceled"
  | "failed"
  | "rejected"
  | "auth-required"
  | "unknown";

/** `{kind:"text"}` part. */
export interface TextPart {
  kind: "text";
  text: string;
  metadata?: Record<string, unknown>;
}

/** `{kind:"data"}` part. */
export interface DataPart {
  kind: "data";
  data: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/** `{kind:"file"}` part: by URI or by base64 bytes. */
export interface FilePart {
  kind: "file";
  file: { uri: string; mimeType?: string; name?: string } | { bytes: string; mimeType?: string; name?: string };
  metadata?: Record<string, unknown>;
}

/** An A2A message part. */
export type Part = TextPart | DataPart | FilePart;

/** An A2A message. */
export interface Message {
  kind: "message";
  role: "user" | "agent";
  messageId: string;
  parts: Part[];
  contextId?: string;
  taskId?: string;
  metadata?: Record<string, unknown>;
}

/** An A2A artifact. */
export interface Artifact {
  artifactId: string;
  name?: string;
  description?: string;
  parts: Part[];
  metadata?: Record<string, unknown>;
}

/** An A2A task, as the server sent it (checked: `kind`, `id`, `contextId`, `status.state`). */
export interface Task {
  kind: "task";
  id: string;
  contextId: string;
  status: { state: TaskState | (string & {}); message?: Message; timestamp?: string };
  artifacts?: Artifact[];
  history?: Message[];
  metadata?: Record<string, unknown>;
}

/** What `sendMessage` sends. */
export interface SendMessageParams {
  /** At least one text or data part. */
  parts: Part[];
  /** Any skill id (the vendor has ten); default `catholic_qa`. */
  skillId?: string;
  /** Continue a conversation. */
  contextId?: string;
  /** Answer a task that is `input-required` (generic agents). */
  taskId?: string;
}

/** A client for the Magisterium A2A endpoint. Calls may overlap. */
export class MagisteriumClient {
  /** Throws `MagisteriumError` (INVALID_INPUT) for invalid options. */
  constructor(options?: ClientOptions);
  /** The endpoint this client calls. */
  readonly endpoint: string;
  /** `catholic_qa`: an answer with citations and related questions. */
  ask(question: string, options?: AskOptions): Promise<QaAnswer>;
  /** `document_search`: ranked document references. */
  searchDocuments(query: string, options?: CallOptions): Promise<SearchResult[]>;
  /** `document_fetch`: the document, or `null` when it is not found. */
  fetchDocument(id: string, options?: CallOptions): Promise<MagisteriumDocument | null>;
  /** `liturgical_readings`: the readings, or `null` when there are none for that date. */
  massReadings(date: DateQuery, options?: CallOptions): Promise<string | null>;
  /** `saints_of_the_day`: the Roman Martyrology entry, or `null` when there is none. A date is sent as `{date}`, anything else as a text query. */
  saintsOfTheDay(date: DateQuery, options?: CallOptions): Promise<string | null>;
  /** `message/send` with every skill, typed or not: the task as sent (a `failed` task resolves too). */
  sendMessage(message: SendMessageParams, options?: CallOptions): Promise<Task>;
  /** `tasks/get`: the task (TASK_NOT_FOUND once expired, after 24 hours). */
  getTask(id: string, options?: CallOptions): Promise<Task>;
  /** `tasks/cancel`: the canceled task (INVALID_PARAMS for a task already terminal). */
  cancelTask(id: string, options?: CallOptions): Promise<Task>;
  /** Polls `tasks/get` until the task is terminal (`completed`, `failed`, `canceled`, `rejected`) or needs the caller (`input-required`, `auth-required`). */
  waitForTask(id: string, options?: WaitOptions): Promise<Task>;
  /** Frees the client's wasm memory (also done by the garbage collector). */
  free(): void;
  [Symbol.dispose](): void;
}

/** Whose meanings the server-defined JSON-RPC codes -32002..-32007 have. */
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

/** What an agent supports. */
export interface AgentCapabilities {
  streaming?: boolean;
  pushNotifications?: boolean;
  stateTransitionHistory?: boolean;
  [key: string]: unknown;
}

/** An A2A agent card (checked: `name`, `url`, `capabilities`, `skills` with `id` and `name`), as the agent sent it. */
export interface AgentCard {
  name: string;
  /** The agent's A2A endpoint: where the client sends its calls. */
  url: string;
  description?: string;
  version?: string;
  protocolVersion?: string;
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
export interface A2AClientOptions extends ClientOptions {
  /** The agent's A2A endpoint (required). */
  endpoint: string;
  /** Default: "magisterium" for a magisterium.com endpoint, "a2a" otherwise. */
  dialect?: Dialect;
}

/** Options of `A2AClient.discover(...)`: the client's options, and the discovery's own `signal` and `timeoutMs`. */
export interface DiscoverOptions extends Omit<ClientOptions, "endpoint"> {
  /** Default: from the card ("magisterium" for Magisterium's, "a2a" for every other agent). */
  dialect?: Dialect;
  /** Aborts the discovery. */
  signal?: AbortSignal;
}

/**
 * A client for every A2A agent (Magisterium among them): discovered from its
 * agent card, or given an endpoint. The error dialect is decided once, from
 * the card or the endpoint, never guessed per error.
 */
export class A2AClient {
  /** Throws `MagisteriumError` (INVALID_INPUT) for invalid options. */
  constructor(options: A2AClientOptions);
  /** Fetches `${baseUrl}/.well-known/agent.json` (then `agent-card.json`), cached for its Cache-Control max-age, and resolves with a client for the card's `url`. */
  static discover(baseUrl: string, options?: DiscoverOptions): Promise<A2AClient>;
  /** The endpoint this client calls (the card's `url` when discovered). */
  readonly endpoint: string;
  /** The error dialect in use. */
  readonly dialect: Dialect;
  /** The card the client was discovered from, or null. */
  readonly card: AgentCard | null;
  /** `message/send`, asking a generic agent not to block (`configuration.blocking: false`): the task as sent, `submitted`/`working` included (then `waitForTask`), or a message (generic agents may answer one). */
  sendMessage(message: SendMessageParams, options?: CallOptions): Promise<Task | Message>;
  /** `tasks/get`. */
  getTask(id: string, options?: CallOptions): Promise<Task>;
  /** `tasks/cancel` (TASK_NOT_CANCELABLE from a generic agent for a finished task). */
  cancelTask(id: string, options?: CallOptions): Promise<Task>;
  /** Polls `tasks/get` until the task is terminal or needs the caller. */
  waitForTask(id: string, options?: WaitOptions): Promise<Task>;
  /** Frees the client's wasm memory (also done by the garbage collector). */
  free(): void;
  [Symbol.dispose](): void;
}

/** What `init` accepts: the `.wasm` URL, bytes or module (web build only; elsewhere ignored). */
export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

/**
 * Loads the WebAssembly module. Call once before the first client in the web
 * build; in the Node and bundler builds it resolves at once.
 */
export default function init(input?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<unknown>;
