/**
 * magisterium-a2a — a typed, Promise-returning client for the Magisterium AI
 * A2A endpoint (JSON-RPC 2.0 over fetch). The same types serve the web,
 * bundler and Node builds. `A2AClient`, for every A2A agent, is the entry
 * `magisterium-a2a/agents` (agents.d.ts).
 */

declare global {
  /**
   * `Symbol.dispose`, as TypeScript's `esnext.disposable` lib (and `@types/node`)
   * declare it, so the clients' `[Symbol.dispose]()` compiles whatever the `lib`.
   * The clients have that method wherever the runtime defines `Symbol.dispose`.
   */
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
  /**
   * What `using` needs (TypeScript 5.2 and later), as that lib and
   * `@types/node` declare it: with it, `using client = new MagisteriumClient()`
   * compiles without `esnext.disposable` in `lib`.
   */
  interface Disposable {
    [Symbol.dispose](): void;
  }
}

/** The stable code of every `MagisteriumError`; branch on it. */
export type ErrorCode =
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
  // The sign-in (`magisterium-a2a/auth`), also through a client whose tokenProvider it is:
  | "SIGN_IN_REQUIRED" // no tokens, or the authorization server refused to refresh them: sign in
  | "SIGN_IN_FAILED" // denied consent, state mismatch, a failed code exchange or registration
  // Generic A2A agents' own codes (an A2AClient in the "a2a" dialect):
  | "TASK_NOT_CANCELABLE"
  | "PUSH_NOTIFICATION_NOT_SUPPORTED"
  | "UNSUPPORTED_OPERATION"
  | "CONTENT_TYPE_NOT_SUPPORTED"
  | "INVALID_AGENT_RESPONSE"
  | "AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED"
  | "EXTENSION_SUPPORT_REQUIRED" // -32008 (A2A 1.0): the agent requires an extension the client did not declare
  | "VERSION_NOT_SUPPORTED"; // -32009 (A2A 1.0): the agent does not serve the A2A version asked for

/** Optional fields of a `MagisteriumError`, as its constructor takes them. */
export interface MagisteriumErrorDetails {
  /** The JSON-RPC `error.code` the server sent, e.g. -32003. */
  rpcCode?: number | undefined;
  /** The HTTP status of the response, when one arrived. */
  httpStatus?: number | undefined;
  /** RATE_LIMITED: seconds to wait before trying again. */
  retryAfter?: number | undefined;
  /** TASK_FAILED (and a task in an unexpected state): the task's id. */
  taskId?: string | undefined;
  /** The JSON-RPC `error.data`, as the server sent it. */
  data?: unknown;
  /** The server's id of the request (its `x-request-id` or `request-id` header). */
  requestId?: string | undefined;
  /** The underlying failure: a fetch TypeError, an abort reason, what a tokenProvider threw. */
  cause?: unknown;
}

/** Every rejection of the client is a `MagisteriumError` (a real `Error`). */
export class MagisteriumError extends Error {
  constructor(code: ErrorCode, message: string, details?: MagisteriumErrorDetails | null);
  readonly name: "MagisteriumError";
  /** Stable code; see `ErrorCode`. */
  readonly code: ErrorCode;
  /** The JSON-RPC `error.code`, when the server sent one. */
  readonly rpcCode: number | undefined;
  /** The HTTP status of the response, when one arrived. */
  readonly httpStatus: number | undefined;
  /** RATE_LIMITED: seconds to wait before trying again. */
  readonly retryAfter: number | undefined;
  /** TASK_FAILED: the failed task's id (the server's reason is the `message`). */
  readonly taskId: string | undefined;
  /** The JSON-RPC `error.data`, as sent (a token in it is redacted): from an A2A 1.0 agent, an array of `{ "@type", reason, … }` objects. */
  readonly data: unknown;
  /** The server's id of the request, when its reply had an `x-request-id` (else `request-id`) header: what the service's support asks for. Visible ASCII only, at most 128 characters. */
  readonly requestId: string | undefined;
  /** The underlying failure (absent when there is none): a fetch TypeError, an abort reason, what a tokenProvider threw. */
  readonly cause?: unknown;
}

/** What a `tokenProvider` is told each time it is asked for a token. */
export interface TokenProviderContext {
  /** The URL the token will be sent to (the client's `endpoint`, or after a -32009 fallback the other one): a provider for several agents answers for this one. */
  url: string;
  /** Present when the server has just refused the token the provider gave (a 401): give another (the call is retried once with it). */
  rejectedToken?: string;
}

/**
 * A token, or where to get one: asked before each request with the URL the
 * token goes to, and after a 401 with the refused token too. It decides
 * where its tokens go: the `tokenOrigins` rule of a discovered client's
 * fixed `token` does not apply to it. A `MagisteriumError` it throws with
 * SIGN_IN_REQUIRED or SIGN_IN_FAILED ends the call with that code; anything
 * else it throws is UNAUTHORIZED (what it threw is the `cause`).
 */
export type TokenProvider = (context: TokenProviderContext) => string | Promise<string>;

/**
 * How a client authenticates: a fixed `token`, a `tokenProvider`, or neither
 * (a proxy that adds the token); never both. In every option object of this
 * package, `null` and `undefined` mean the option is absent.
 */
export type TokenOptions =
  | {
      /** A Bearer token (an OAuth user token). Refused over plain `http:` except to loopback (`localhost`, `127.0.0.0/8`, `[::1]`; `*.localhost` only in a browser's page); never empty. */
      token?: string | null | undefined;
      tokenProvider?: null | undefined;
    }
  | {
      token?: null | undefined;
      /** Called before each request for the token; after a 401 it is called once more (with the refused token) and the call retried once. */
      tokenProvider?: TokenProvider | null | undefined;
    };

/**
 * A client-side rate: a whole count of calls (at least 1), `/`, and a period:
 * an optional whole amount and a unit, `ms`, `s` or `sec`, `m` or `min`,
 * `h` or `hour` (`"15/min"`, `"2/60s"`, `"10/s"`, `"100/h"`). Another text
 * is INVALID_INPUT.
 */
export type Rate = string;

/** Client-side pacing: at most the given rate of calls per pool (`catholic_qa` in `expensive`, every other skill in `default`). */
export interface RateLimit {
  /** Every skill but `catholic_qa`, e.g. `"15/min"`. */
  default?: Rate | null | undefined;
  /** `catholic_qa` (and `sendMessage` without a `skillId`), e.g. `"2/min"`. */
  expensive?: Rate | null | undefined;
}

/** What every client takes besides its endpoint and token: its time limit, retries, pacing and response bound. */
export interface ClientLimits {
  /** Default time limit of a call, retries included, in whole milliseconds (at least 1). Default 30000. */
  timeoutMs?: number | null | undefined;
  /** Retries after the first attempt, a whole number 0–10. Default 2. */
  maxRetries?: number | null | undefined;
  /** The longest RATE_LIMITED wait the client sits through before rejecting, in whole ms (at least 1). Default 10000. */
  maxRetryWaitMs?: number | null | undefined;
  /** Opt-in client-side pacing: calls of this client queue so a burst never trips the server's limit. */
  rateLimit?: RateLimit | null | undefined;
  /** The largest response body read, in whole bytes (at least 1); a larger one is BAD_RESPONSE. Default 10 MiB. */
  maxResponseBytes?: number | null | undefined;
}

/** What `onRequest` is told before each HTTP exchange of a client: never a header (the token is one), nor the body. */
export interface RequestHookInfo {
  /** The HTTP method: "POST", or "GET" (an agent card's fetch, an HTTP+JSON read). */
  method: string;
  /** The URL the request goes to (a token never travels in it). */
  url: string;
}

/** What `onResponse` is told after each HTTP exchange of a client. */
export interface ResponseHookInfo extends RequestHookInfo {
  /** The response's HTTP status; 0 when no response came (a network failure, an abort, a timeout). */
  status: number;
  /** Milliseconds from the request to the end of the exchange (the body read; for a stream, its first event). */
  durationMs: number;
}

/** A function with `fetch`'s signature, called with the request's URL as a string and its `RequestInit`. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/**
 * How a client's HTTP exchanges go out: headers of its own, its own `fetch`,
 * and hooks told of each exchange. Every exchange of the client uses them,
 * an agent card's fetch included.
 */
export interface TransportOptions {
  /**
   * Headers sent with every request (name → value; an array of pairs or a
   * `Headers` is read too, as `fetch` reads them), read once when the client
   * is made. A name or a value the platform's `Headers` refuses, or a header
   * the client sets itself (`Authorization`, `A2A-*`, `X-A2A-*`,
   * `Content-Type`, `Content-Length`, `Accept`, `Host`), is INVALID_INPUT then.
   */
  headers?: Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]> | null | undefined;
  /** Called for every request instead of the global `fetch` (tests, proxies, logging). */
  fetch?: FetchFunction | null | undefined;
  /**
   * Told `{ method, url }` before each request. Not awaited; what it throws,
   * or the promise it returns rejects with, is ignored: the call goes on.
   */
  onRequest?: ((request: RequestHookInfo) => void | Promise<void>) | null | undefined;
  /**
   * Told `{ method, url, status, durationMs }` after each exchange. Not
   * awaited; what it throws, or the promise it returns rejects with, is
   * ignored: the call's outcome is unchanged.
   */
  onResponse?: ((response: ResponseHookInfo) => void | Promise<void>) | null | undefined;
}

/** Options of `new MagisteriumClient(...)`. */
export type ClientOptions = TokenOptions &
  ClientLimits &
  TransportOptions & {
    /** The A2A endpoint. Default `https://www.magisterium.com/api/v1/a2a`; a proxy URL may need no token. */
    endpoint?: string | null | undefined;
  };

/** Options every call takes last. */
export interface CallOptions {
  /** Aborts the call: it rejects with code ABORTED, the signal's reason as `cause`. */
  signal?: AbortSignal | null | undefined;
  /** This call's time limit in whole milliseconds (overrides the client's). */
  timeoutMs?: number | null | undefined;
}

/** Options of `waitForTask`. */
export interface WaitOptions extends CallOptions {
  /** The first interval between polls in whole milliseconds (default 500), growing ×1.5 up to 10 s. */
  pollIntervalMs?: number | null | undefined;
  /** The time limit of the whole wait (default 300000). */
  timeoutMs?: number | null | undefined;
}

/** Options of `ask`. */
export interface AskOptions extends CallOptions {
  /** Continue the conversation of an earlier answer (`answer.contextId`). */
  contextId?: string | null | undefined;
}

/** One source of an answer. Known fields are optional; every other field, and a known one of an unexpected type, is in `raw` under its wire name. */
export interface Citation {
  citedText?: string;
  citedTextHeading?: string;
  documentTitle?: string;
  /** The `[n]` marker in the answer text: a whole number from 0 (another number is kept in `raw`). */
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

/** The A2A task states this package names (an A2A 1.0 agent's `TASK_STATE_INPUT_REQUIRED` is read as `input-required`, its `TASK_STATE_UNSPECIFIED` as `unknown`). */
export type KnownTaskState =
  | "submitted"
  | "working"
  | "input-required"
  | "completed"
  | "canceled"
  | "failed"
  | "rejected"
  | "auth-required"
  | "unknown";

/**
 * A task's state: one of `KnownTaskState`, or a state this package does not
 * name, as the agent sent it. A list of states checks a task's state:
 * `const done: TaskState[] = ["completed", "failed"]; done.includes(task.status.state)`.
 */
export type TaskState = KnownTaskState | (string & {});

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

/** `{kind:"file"}` part: by URI or by base64 bytes (an A2A 1.0 file part, `{ raw | url, mediaType, filename }`, is read as this). */
export interface FilePart {
  kind: "file";
  file: { uri: string; mimeType?: string; name?: string } | { bytes: string; mimeType?: string; name?: string };
  metadata?: Record<string, unknown>;
}

/** An A2A message part. */
export type Part = TextPart | DataPart | FilePart;

/** An A2A message (an A2A 1.0 agent's `ROLE_USER`/`ROLE_AGENT` and parts are read in this shape). */
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

/** A task's status: its state, the agent's message about it, and when it was set. */
export interface TaskStatus {
  state: TaskState;
  message?: Message;
  timestamp?: string;
}

/** An A2A task, as the server sent it (checked: `kind`, `id`, `contextId`, `status.state`). */
export interface Task {
  kind: "task";
  id: string;
  contextId: string;
  status: TaskStatus;
  artifacts?: Artifact[];
  history?: Message[];
  metadata?: Record<string, unknown>;
}

/** What `sendMessage` sends. */
export interface SendMessageParams {
  /** At least one text or data part. */
  parts: Part[];
  /** Any skill id (the vendor has ten); default `catholic_qa`. */
  skillId?: string | null | undefined;
  /** Continue a conversation. */
  contextId?: string | null | undefined;
  /** Answer a task that is `input-required` (generic agents). */
  taskId?: string | null | undefined;
}

/** A client for the Magisterium A2A endpoint. Calls may overlap. */
export class MagisteriumClient {
  /** Throws `MagisteriumError` (INVALID_INPUT) for invalid options. */
  constructor(options?: ClientOptions | null);
  /** The endpoint this client calls. */
  readonly endpoint: string;
  /** `catholic_qa`: an answer with citations and related questions. */
  ask(question: string, options?: AskOptions | null): Promise<QaAnswer>;
  /** `document_search`: ranked document references. */
  searchDocuments(query: string, options?: CallOptions | null): Promise<SearchResult[]>;
  /** `document_fetch`: the document, or `null` when it is not found. */
  fetchDocument(id: string, options?: CallOptions | null): Promise<MagisteriumDocument | null>;
  /** `liturgical_readings`: the readings, or `null` when there are none for that date. */
  massReadings(date: DateQuery, options?: CallOptions | null): Promise<string | null>;
  /** `saints_of_the_day`: the Roman Martyrology entry, or `null` when there is none. A date is sent as `{date}`, anything else as a text query. */
  saintsOfTheDay(date: DateQuery, options?: CallOptions | null): Promise<string | null>;
  /** `message/send` with every skill, typed or not: the task as sent (a `failed` task resolves too). */
  sendMessage(message: SendMessageParams, options?: CallOptions | null): Promise<Task>;
  /** `tasks/get`: the task (TASK_NOT_FOUND once expired, after 24 hours). */
  getTask(id: string, options?: CallOptions | null): Promise<Task>;
  /** `tasks/cancel`: the canceled task (INVALID_PARAMS for a task already terminal). */
  cancelTask(id: string, options?: CallOptions | null): Promise<Task>;
  /** Polls `tasks/get` until the task is terminal (`completed`, `failed`, `canceled`, `rejected`) or needs the caller (`input-required`, `auth-required`). */
  waitForTask(id: string, options?: WaitOptions | null): Promise<Task>;
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
