// A TypeScript consumer of the installed package using every public API with
// its documented types. `cargo xtask test` checks it as an ES module and as a
// CommonJS module (copied to `generated/consumer.mts` and `.cts`, so edit
// this file), under every TypeScript version and config of the matrix in
// xtask/src/typecheck.rs. It imports only what every build exports by name;
// `init` is in esm.mts and cjs.cts. Each `@ts-expect-error` line must be
// refused, so a `.d.ts` that widened to `any` fails this check too.
import {
  A2AClient,
  MagisteriumClient,
  MagisteriumError,
  type A2AClientOptions,
  type A2AEventStream,
  type A2AStreamEvent,
  type AgentCapabilities,
  type AgentCard,
  type AgentInterface,
  type AgentSkill,
  type Artifact,
  type AskOptions,
  type CallOptions,
  type Citation,
  type ClientLimits,
  type ClientOptions,
  type DataPart,
  type DateQuery,
  type Dialect,
  type DiscoverOptions,
  type FilePart,
  type InitInput,
  type ListTasksParams,
  type ListTasksResult,
  type MagisteriumDocument,
  type MagisteriumErrorCode,
  type MagisteriumErrorDetails,
  type Message,
  type Part,
  type ProtocolVersion,
  type QaAnswer,
  type Rate,
  type RateLimit,
  type SearchResult,
  type SendMessageParams,
  type Task,
  type TaskArtifactUpdateEvent,
  type TaskState,
  type TaskStatus,
  type TaskStatusUpdateEvent,
  type TextPart,
  type TokenOptions,
  type TokenProvider,
  type TokenProviderContext,
  type WaitOptions,
} from "magisterium-a2a";

export async function everyApi(): Promise<void> {
  const rates: Rate[] = ["15/min", "2/60s", "10/s", "100/h", "5/500ms", "1/hour"];
  const rateLimit: RateLimit = { default: "15/min", expensive: "2/min" };
  const limits: ClientLimits = { timeoutMs: 30000, maxRetries: 2, maxRetryWaitMs: 5000, rateLimit, maxResponseBytes: 1_048_576 };
  const options: ClientOptions = { token: "t", endpoint: "http://127.0.0.1:8787/api/v1/a2a", ...limits };
  const client = new MagisteriumClient(options);
  const provider: TokenProvider = async () => "fresh";
  const afterRefusal: TokenProvider = (context?: TokenProviderContext) => (context ? `not ${context.rejectedToken}` : "first");
  const perUrl: TokenProvider = ({ url, rejectedToken }) => (url.startsWith("https://www.magisterium.com/") ? rejectedToken ?? "first" : "other");
  // @ts-expect-error the URL is a string
  const numbered: TokenProvider = (context) => context.url * 2;
  const auth: TokenOptions = { tokenProvider: provider };
  const viaProvider = new MagisteriumClient({ ...auth, rateLimit: { expensive: "2/60s" } });
  const syncProvider = new MagisteriumClient({ tokenProvider: () => "fresh", maxResponseBytes: 100 });
  const proxied = new MagisteriumClient({ endpoint: "https://parish.example/a2a", rateLimit: { default: "10/s" } });
  // What the runtime treats as absent: `undefined` and `null` (`exactOptionalPropertyTypes` included).
  const absent = new MagisteriumClient({ token: undefined, tokenProvider: null, endpoint: new URLSearchParams(location.search).get("endpoint"), rateLimit: null });
  const defaults = new MagisteriumClient();
  const fromNull = new MagisteriumClient(null);
  const endpoint: string = defaults.endpoint;

  const controller = new AbortController();
  const call: CallOptions = { signal: controller.signal, timeoutMs: 5000 };
  const askOptions: AskOptions = { ...call, contextId: "ctx" };

  const answer: QaAnswer = await client.ask("What is grace?", askOptions);
  const text: string = answer.text;
  const related: string[] = answer.relatedQuestions;
  const ids: [string, string] = [answer.taskId, answer.contextId];
  const citation: Citation | undefined = answer.citations[0];
  const title: string | undefined = citation?.documentTitle;
  const index: number | undefined = citation?.documentIndex;
  const year: string | number | undefined = citation?.documentYear;
  const url: string | undefined = citation?.sourceUrl;
  const raw: Record<string, unknown> | undefined = citation?.raw;
  const others = [citation?.citedText, citation?.citedTextHeading, citation?.documentAuthor, citation?.documentReference];
  const followUp = await client.ask(related[0] ?? "Tell me more.", { contextId: answer.contextId, signal: null });

  const hits: SearchResult[] = await client.searchDocuments("grace", call);
  const hit: { id: string; url: string; title: string } | undefined = hits[0];
  const doc: MagisteriumDocument | null = await client.fetchDocument(hit?.id ?? "12345", null);
  const docFields: string[] = doc ? [doc.id, doc.title, doc.author, doc.ref, doc.text] : [];

  const when: DateQuery = new Date();
  const readings: string | null = await client.massReadings("next Sunday");
  const readingsByDate: string | null = await client.massReadings(when, { timeoutMs: 1000 });
  const saints: string | null = await client.saintsOfTheDay("2026-03-19");
  const saintsByDate: string | null = await client.saintsOfTheDay(new Date(2026, 2, 19));

  const textPart: TextPart = { kind: "text", text: "grace", metadata: { lang: "en" } };
  const dataPart: DataPart = { kind: "data", data: { id: "12345" } };
  const filePart: FilePart = { kind: "file", file: { uri: "https://example.org/a.pdf", mimeType: "application/pdf" } };
  const parts: Part[] = [textPart, dataPart, filePart, { kind: "file", file: { bytes: "JVBERi0=", name: "a.pdf" } }];
  const params: SendMessageParams = { parts, skillId: "pope_lookup", contextId: "ctx", taskId: undefined };
  const task: Task = await client.sendMessage(params, call);
  const status: TaskStatus = task.status;
  const state: TaskState | (string & {}) = status.state;
  const artifacts: Artifact[] = task.artifacts ?? [];
  const artifactNames = artifacts.map((a) => [a.artifactId, a.name, a.parts.length]);
  const roles = (task.history ?? []).map((m) => m.role);
  const again: Task = await client.getTask(task.id);
  const canceled: Task = await client.cancelTask(task.id, call);
  const waitOptions: WaitOptions = { pollIntervalMs: 250, timeoutMs: 60000, signal: controller.signal };
  const settled: Task = await client.waitForTask(task.id, waitOptions);

  const codes: MagisteriumErrorCode[] = [
    "PARSE_ERROR",
    "INVALID_REQUEST",
    "METHOD_NOT_FOUND",
    "INVALID_PARAMS",
    "INTERNAL_ERROR",
    "TASK_NOT_FOUND",
    "SKILL_NOT_FOUND",
    "RATE_LIMITED",
    "UNAUTHORIZED",
    "PLAN_REQUIRED",
    "TASK_FAILED",
    "NETWORK",
    "TIMEOUT",
    "ABORTED",
    "BAD_RESPONSE",
    "INVALID_INPUT",
    "NOT_INITIALIZED",
    "SIGN_IN_REQUIRED",
    "SIGN_IN_FAILED",
  ];
  try {
    await client.getTask("missing");
  } catch (e) {
    if (e instanceof MagisteriumError) {
      const code: MagisteriumErrorCode = e.code;
      const details: [number | undefined, number | undefined, number | undefined, string | undefined, unknown, unknown] = [e.rpcCode, e.httpStatus, e.retryAfter, e.taskId, e.data, e.cause];
      const asError: Error = e;
      const named: "MagisteriumError" = e.name;
      switch (code) {
        case "RATE_LIMITED":
        case "TASK_NOT_FOUND":
          break;
      }
      void [codes.includes(code), details, asError, named, e.message];
    }
  }
  const errorDetails: MagisteriumErrorDetails = { rpcCode: -32003, httpStatus: 429, retryAfter: 30, taskId: "t", data: null, cause: new Error("x") };
  const made = new MagisteriumError("TIMEOUT", "made by hand", errorDetails);
  const bare = new MagisteriumError("NETWORK", "no details", null);
  client.free();
  proxied[Symbol.dispose]();

  await orchestrate(controller.signal);

  // Wrong uses the types must refuse:
  // @ts-expect-error the question is a string
  await client.ask(42);
  // @ts-expect-error unknown option
  await client.searchDocuments("q", { contextId: "only ask takes one" });
  // @ts-expect-error options are typed
  new MagisteriumClient({ timeoutMs: "30s" });
  // @ts-expect-error a token or a tokenProvider, never both
  new MagisteriumClient({ token: "t", tokenProvider: () => "t" });
  // @ts-expect-error a rate limit has two pools only
  new MagisteriumClient({ rateLimit: { cheap: "1/s" } });
  // @ts-expect-error maxResponseBytes is a number
  new MagisteriumClient({ maxResponseBytes: "1 MiB" });
  // @ts-expect-error a QaAnswer has no `answer` field
  answer.answer;
  // @ts-expect-error fetchDocument may resolve null
  (await client.fetchDocument("1")).title;
  // @ts-expect-error codes are a closed set
  const wrong: MagisteriumErrorCode = "NOT_A_CODE";
  // @ts-expect-error a part needs a known kind
  const badPart: Part = { kind: "image", url: "x" };

  void [rates, afterRefusal, perUrl, numbered, viaProvider, syncProvider, absent, fromNull, endpoint, text, ids, title, index, year, url, raw, others, followUp, docFields];
  void [readings, readingsByDate, saints, saintsByDate, state, artifactNames, roles, again, canceled, settled, made, bare, wrong, badPart];
}

/** An orchestrator's use of `A2AClient`: discovery, the card, the dialect, tasks or messages, waiting, generic codes. */
async function orchestrate(signal: AbortSignal): Promise<void> {
  const discoverOptions: DiscoverOptions = { token: "t", dialect: "a2a", signal, timeoutMs: 5000, maxRetries: 1, maxResponseBytes: 65536 };
  const agent: A2AClient = await A2AClient.discover("https://agent.example", discoverOptions);
  const byProvider = await A2AClient.discover("https://agent.example", { tokenProvider: async () => "fresh", rateLimit: { default: "5/s" } });
  const elsewhere = await A2AClient.discover("https://cards.example", { token: "t", tokenOrigins: ["https://agents.example"], signal });
  const origins: readonly string[] = ["https://agents.example:8443"];
  const listed = await A2AClient.discover("https://cards.example", { token: "t", tokenOrigins: origins, dialect: null });
  const perAgent = await A2AClient.discover("https://cards.example", {
    tokenProvider: ({ url, rejectedToken }: TokenProviderContext) => (new URL(url).host === "agents.example" && !rejectedToken ? "agents-token" : "other-token"),
  });
  const anonymous = await A2AClient.discover("https://agent.example");
  const options: A2AClientOptions = { endpoint: "https://agent.example/a2a", dialect: "magisterium", timeoutMs: 1000, maxRetryWaitMs: 1000 };
  const direct = new A2AClient(options);
  const dialect: Dialect = agent.dialect;
  const endpoint: string = direct.endpoint;

  const card: AgentCard | null = agent.card;
  if (card) {
    // A 1.0 card has no `url`: its endpoints are its interfaces.
    const head: [string, string | undefined, string | undefined, string | undefined, string | undefined] = [card.name, card.url, card.description, card.version, card.protocolVersion];
    const interfaces: AgentInterface[] = card.supportedInterfaces ?? [];
    const offered = interfaces.map((i): [string, string, string, string | undefined] => [i.url, i.protocolBinding, i.protocolVersion, i.tenant]);
    const jsonRpc: boolean = interfaces.some((i) => i.protocolBinding === "JSONRPC");
    const capabilities: AgentCapabilities = card.capabilities;
    const flags: (boolean | undefined)[] = [capabilities.streaming, capabilities.pushNotifications, capabilities.stateTransitionHistory, capabilities.extendedAgentCard];
    const skill: AgentSkill | undefined = card.skills[0];
    const skillHead = skill && [skill.id, skill.name, skill.description, skill.tags, skill.examples, skill.inputModes, skill.outputModes];
    const schemes: Record<string, Record<string, unknown>> | undefined = card.securitySchemes;
    const security: Record<string, string[]>[] | undefined = card.security;
    const modes: [string[] | undefined, string[] | undefined] = [card.defaultInputModes, card.defaultOutputModes];
    const provider: string | undefined = card.provider?.organization;
    const unknownField: unknown = card["x-extension"];
    void [head, offered, jsonRpc, flags, skillHead, schemes, security, modes, provider, unknownField];
  }

  const sent: Task | Message = await agent.sendMessage({ parts: [{ kind: "text", text: "slow" }], skillId: "slow" }, { signal });
  if (sent.kind === "message") {
    const reply: Message = sent;
    void [reply.messageId, reply.role, reply.parts, reply.contextId, reply.taskId, reply.metadata];
  } else {
    const id: string = sent.id;
    const current: Task = await agent.getTask(id);
    const done: Task = await agent.waitForTask(id, { pollIntervalMs: 100, timeoutMs: 30000, signal });
    const stopped: Task = await agent.cancelTask(id, { timeoutMs: 1000 });
    const answered = await agent.sendMessage({ parts: [{ kind: "text", text: "yes" }], taskId: id });
    void [current, done, stopped, answered, sent.contextId, sent.status.message, sent.status.timestamp, sent.metadata];
  }
  try {
    await agent.cancelTask("finished");
  } catch (e) {
    if (e instanceof MagisteriumError) {
      const generic: MagisteriumErrorCode[] = [
        "TASK_NOT_CANCELABLE",
        "PUSH_NOTIFICATION_NOT_SUPPORTED",
        "UNSUPPORTED_OPERATION",
        "CONTENT_TYPE_NOT_SUPPORTED",
        "INVALID_AGENT_RESPONSE",
        "AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED",
        "EXTENSION_SUPPORT_REQUIRED",
        "VERSION_NOT_SUPPORTED",
      ];
      void generic.includes(e.code);
    }
  }
  await streams(agent, signal);
  agent.free();
  direct[Symbol.dispose]();
  const wasm: InitInput[] = [new URL("https://cdn.example/magisterium_a2a_bg.wasm"), new Uint8Array(8), "/assets/a.wasm"];

  // Wrong uses the types must refuse:
  // @ts-expect-error an A2AClient needs an endpoint
  new A2AClient({});
  // @ts-expect-error dialects are a closed set
  new A2AClient({ endpoint: "https://agent.example/a2a", dialect: "generic" });
  // @ts-expect-error discover takes no endpoint: the card's url is the endpoint
  await A2AClient.discover("https://agent.example", { endpoint: "https://elsewhere.example/a2a" });
  // @ts-expect-error a token or a tokenProvider, never both
  await A2AClient.discover("https://agent.example", { token: "t", tokenProvider: () => "t" });
  // @ts-expect-error tokenOrigins is a list of origins, not one
  await A2AClient.discover("https://agent.example", { token: "t", tokenOrigins: "https://agents.example" });
  // @ts-expect-error sendMessage may resolve a Message, which has no status
  (await agent.sendMessage({ parts: [] })).status;
  // @ts-expect-error pollIntervalMs is a number
  await agent.waitForTask("id", { pollIntervalMs: "fast" });
  // @ts-expect-error the card is null for a client made from an endpoint
  direct.card.name;

  void [byProvider, elsewhere, listed, perAgent, anonymous, dialect, endpoint, wasm];
}

/** A2A 1.0 and streams: the version, events narrowed on `kind`, leaving a stream, task lists, 1.0's codes. */
async function streams(agent: A2AClient, signal: AbortSignal): Promise<void> {
  const v1 = new A2AClient({ endpoint: "https://agent.example/a2a/v1", protocolVersion: "1.0" });
  const pinned = await A2AClient.discover("https://agent.example", { protocolVersion: "0.3", dialect: null });
  const unset = new A2AClient({ endpoint: "https://agent.example/a2a", protocolVersion: null });
  const version: ProtocolVersion = agent.protocolVersion;
  const literal: "1.0" | "0.3" = v1.protocolVersion;

  let state: TaskState | (string & {}) = "submitted";
  const texts: string[] = [];
  const artifacts = new Map<string, Artifact>();
  const stream: A2AEventStream = agent.sendMessageStream({ parts: [{ kind: "text", text: "slow" }], skillId: "slow" }, { signal, timeoutMs: 60_000 });
  for await (const event of stream) {
    const e: A2AStreamEvent = event;
    switch (e.kind) {
      case "task":
        state = e.status.state;
        break;
      case "message":
        texts.push(...e.parts.flatMap((p) => (p.kind === "text" ? [p.text] : [])));
        break;
      case "status-update": {
        const update: TaskStatusUpdateEvent = e;
        const ids: [string, string] = [update.taskId, update.contextId];
        state = update.status.state;
        const last: boolean = update.final;
        void [ids, last, update.status.message, update.metadata];
        break;
      }
      case "artifact-update": {
        const chunk: TaskArtifactUpdateEvent = e;
        const flags: [boolean, boolean] = [chunk.append, chunk.lastChunk];
        const earlier = artifacts.get(chunk.artifact.artifactId);
        artifacts.set(chunk.artifact.artifactId, chunk.append && earlier ? { ...earlier, parts: [...earlier.parts, ...chunk.artifact.parts] } : chunk.artifact);
        void [flags, chunk.taskId, chunk.contextId, chunk.metadata];
        break;
      }
      default: {
        const never: never = e;
        void never;
      }
    }
  }

  const resumed = agent.subscribeToTask("task-1", { timeoutMs: 30_000 });
  const same: A2AEventStream = resumed[Symbol.asyncIterator]();
  const step: IteratorResult<A2AStreamEvent, undefined> = await resumed.next();
  const first: A2AStreamEvent | undefined = step.done ? undefined : step.value;
  const ended: undefined = step.done ? step.value : undefined;
  const closed: IteratorReturnResult<undefined> = await resumed.return();
  for await (const e of agent.subscribeToTask("task-2", null)) {
    if (e.kind === "status-update" && e.final) break; // leaving the loop closes the connection
  }

  const params: ListTasksParams = {
    contextId: "ctx",
    status: "input-required",
    pageSize: 50,
    pageToken: undefined,
    historyLength: 2,
    statusTimestampAfter: "2026-03-19T00:00:00Z",
    includeArtifacts: true,
  };
  try {
    const page: ListTasksResult = await agent.listTasks(params, { signal });
    const tasks: Task[] = page.tasks;
    const paging: [string | undefined, number | undefined, number | undefined] = [page.nextPageToken, page.pageSize, page.totalSize];
    const next: ListTasksResult | null = page.nextPageToken ? await agent.listTasks({ pageToken: page.nextPageToken }) : null;
    const everything: ListTasksResult = await agent.listTasks();
    const unknownField: unknown = page["x-cursor"];
    void [tasks, paging, next, everything, unknownField];
  } catch (e) {
    if (e instanceof MagisteriumError) {
      switch (e.code) {
        case "METHOD_NOT_FOUND": // a 0.3 agent
        case "EXTENSION_SUPPORT_REQUIRED":
        case "VERSION_NOT_SUPPORTED": {
          const reasons: unknown = e.data; // from a 1.0 agent, `[{ "@type", reason, … }]`
          void reasons;
          break;
        }
      }
    }
  }

  // Wrong uses the types must refuse:
  // @ts-expect-error versions are a closed set
  new A2AClient({ endpoint: "https://agent.example/a2a", protocolVersion: "1.1" });
  // @ts-expect-error a version is a string
  await A2AClient.discover("https://agent.example", { protocolVersion: 1 });
  // @ts-expect-error the version is read-only
  v1.protocolVersion = "0.3";
  // @ts-expect-error a stream is iterated, not a task
  agent.sendMessageStream({ parts: [] }).id;
  // @ts-expect-error only a status-update has `final`: narrow on `kind` first
  for await (const e of agent.subscribeToTask("task-3")) void e.final;
  // @ts-expect-error list params are typed
  await agent.listTasks({ pageSize: "50" });
  // @ts-expect-error a status is a state as this package writes it
  await agent.listTasks({ status: "TASK_STATE_WORKING" });

  void [pinned, unset, version, literal, state, texts, same, first, ended, closed];
}
