// A TypeScript consumer of `magisterium-a2a/agents` using every public API of
// `A2AClient` with its documented types; checked as consumer.ts is (copied to
// `generated/agents.mts` and `.cts`, so edit this file). `init` is in esm.mts
// and cjs.cts. Each `@ts-expect-error` line must be refused.
import { MagisteriumError as MagisteriumEntryError } from "magisterium-a2a";
import {
  A2AClient,
  MagisteriumError,
  type A2AClientOptions,
  type A2AEventStream,
  type A2AExtras,
  type A2AStreamEvent,
  type ActivatedExtensions,
  type AgentCapabilities,
  type AgentCard,
  type AgentInterface,
  type AgentSkill,
  type Artifact,
  type Binding,
  type Dialect,
  type DiscoverOptions,
  type InitInput,
  type ListTasksParams,
  type ListTasksResult,
  type ErrorCode,
  type Message,
  type ProtocolVersion,
  type PushAuthentication,
  type PushNotificationConfig,
  type PushNotificationConfigList,
  type StreamOptions,
  type Task,
  type TaskArtifactUpdateEvent,
  type TaskPushNotificationConfig,
  type TaskState,
  type TaskStatusUpdateEvent,
  type TokenProviderContext,
} from "magisterium-a2a/agents";

/** Both entries' `MagisteriumError` is one class. */
export const oneClass: [typeof MagisteriumEntryError, typeof MagisteriumError] = [MagisteriumError, MagisteriumEntryError];

/** An orchestrator's use of `A2AClient`: discovery, the card, the dialect, tasks or messages, waiting, generic codes. */
export async function orchestrate(signal: AbortSignal): Promise<void> {
  const discoverOptions: DiscoverOptions = { token: "t", dialect: "a2a", signal, timeoutMs: 5000, maxRetries: 1, maxResponseBytes: 65536 };
  const agent: A2AClient = await A2AClient.discover("https://agent.example", discoverOptions);
  const byProvider = await A2AClient.discover("https://agent.example", { tokenProvider: async () => "fresh", rateLimit: { default: "5/s" } });
  // Headers, fetch and hooks on a discovery (the card's fetch too) and on a client.
  const hooked = await A2AClient.discover("https://agent.example", {
    headers: { "X-Trace": "1" },
    fetch: (input, init) => fetch(input, init),
    onRequest: ({ method, url }) => void [method, url],
    onResponse: ({ status, durationMs }) => void [status, durationMs],
  });
  const proxiedAgent = new A2AClient({ endpoint: "https://agent.example/a2a", headers: { "X-Team": "a" }, fetch });
  // @ts-expect-error an own header's value is still a string
  new A2AClient({ endpoint: "https://agent.example/a2a", headers: { Authorization: null } });
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
      const generic: ErrorCode[] = [
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
  const wasm: InitInput[] = [new URL("https://cdn.example/magisterium_a2a_agents_bg.wasm"), new Uint8Array(8), "/assets/a.wasm"];

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

  void [byProvider, hooked, proxiedAgent, elsewhere, listed, perAgent, anonymous, dialect, endpoint, wasm];
}

/** A2A 1.0 and streams: the version, events narrowed on `kind`, leaving a stream, task lists, 1.0's codes. */
async function streams(agent: A2AClient, signal: AbortSignal): Promise<void> {
  const v1 = new A2AClient({ endpoint: "https://agent.example/a2a/v1", protocolVersion: "1.0" });
  const pinned = await A2AClient.discover("https://agent.example", { protocolVersion: "0.3", dialect: null });
  const unset = new A2AClient({ endpoint: "https://agent.example/a2a", protocolVersion: null });
  const version: ProtocolVersion = agent.protocolVersion;
  const literal: "1.0" | "0.3" = v1.protocolVersion;
  const rest = await A2AClient.discover("https://agent.example", { binding: "HTTP+JSON", protocolVersion: "1.0" });
  const jsonRpc = new A2AClient({ endpoint: "https://agent.example/a2a", binding: "JSONRPC", protocolVersion: null });
  const direct = new A2AClient({ endpoint: "https://agent.example/rest", binding: "HTTP+JSON" });
  const binding: Binding = rest.binding;
  const spoken: "JSONRPC" | "HTTP+JSON" = jsonRpc.binding;
  const unbound = await A2AClient.discover("https://agent.example", { binding: null, dialect: undefined });

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

  const streamOptions: StreamOptions = { timeoutMs: 30_000, resubscribe: true };
  const resumed = agent.subscribeToTask("task-1", streamOptions);
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
  // @ts-expect-error bindings are a closed set: no gRPC
  await A2AClient.discover("https://agent.example", { binding: "GRPC" });
  // @ts-expect-error bindings are spelled as cards spell them
  new A2AClient({ endpoint: "https://agent.example/rest", binding: "REST" });
  // @ts-expect-error the binding is read-only
  rest.binding = "JSONRPC";
  // @ts-expect-error `resubscribe` is a boolean
  agent.sendMessageStream({ parts: [] }, { resubscribe: "yes" });
  // @ts-expect-error a stream is iterated, not a task
  agent.sendMessageStream({ parts: [] }).id;
  // @ts-expect-error only a status-update has `final`: narrow on `kind` first
  for await (const e of agent.subscribeToTask("task-3")) void e.final;
  // @ts-expect-error list params are typed
  await agent.listTasks({ pageSize: "50" });
  // @ts-expect-error a status is a state as this package writes it
  await agent.listTasks({ status: "TASK_STATE_WORKING" });

  void [pinned, unset, version, literal, rest, jsonRpc, direct, binding, spoken, unbound, state, texts, same, first, ended, closed];
}

/** Extensions asked for, the ones activated read from each answer, and the extras: the extended card and push-notification configs. */
export async function extras(signal: AbortSignal): Promise<void> {
  const uris: readonly string[] = ["https://agent.example/ext/trace/v1"];
  const agent = await A2AClient.discover("https://agent.example", { extensions: uris, signal });
  const direct = new A2AClient({ endpoint: "https://agent.example/a2a", extensions: ["urn:ext:a"], protocolVersion: "1.0" });
  const sent = await agent.sendMessage({ parts: [{ kind: "text", text: "hi" }] });
  const activated: string[] | undefined = sent.activatedExtensions;
  const task: Task & ActivatedExtensions = await direct.getTask("id", { signal });
  const fromTask: string[] = task.activatedExtensions ?? [];
  const page: string[] | undefined = (await agent.listTasks()).activatedExtensions;
  for await (const event of agent.subscribeToTask("id")) void (event.activatedExtensions satisfies string[] | undefined);
  const more: A2AExtras = await agent.extras();
  const card: AgentCard = await more.extendedCard({ signal, timeoutMs: 5000 });
  const skills: AgentSkill[] = card.skills;
  const authentication: PushAuthentication = { schemes: ["Bearer"], credentials: "secret" };
  const config: PushNotificationConfig = { id: "hook-1", url: "https://hook.example/a2a", token: "t", authentication };
  const created: TaskPushNotificationConfig = await more.createPushNotificationConfig("task", config, { signal });
  const stored: PushNotificationConfig = (await more.getPushNotificationConfig("task", "hook-1")).pushNotificationConfig;
  const listed: PushNotificationConfigList = await more.listPushNotificationConfigs("task", { timeoutMs: 5000 });
  const next: string | undefined = listed.nextPageToken;
  const ids: (string | undefined)[] = listed.configs.map((c) => c.pushNotificationConfig.id);
  const deleted: void = await more.deletePushNotificationConfig("task", "hook-1");
  const fromCreate: string[] | undefined = created.activatedExtensions;

  // Wrong uses the types must refuse:
  // @ts-expect-error extensions are a list of URIs, not one
  new A2AClient({ endpoint: "https://agent.example/a2a", extensions: "urn:ext:a" });
  // @ts-expect-error the activated extensions are a list, read-only data of the answer
  const one: string = task.activatedExtensions;
  // @ts-expect-error the extended card takes options only
  await more.extendedCard("id");
  // @ts-expect-error the extended card is one of the extras, not a method of the client
  await agent.extendedCard();
  // @ts-expect-error a config needs the webhook's url
  await more.createPushNotificationConfig("task", { id: "hook-1" });
  // @ts-expect-error a config's id is a string
  await more.getPushNotificationConfig("task", 1);
  void [activated, fromTask, page, skills, one, stored, next, ids, deleted, fromCreate];
}
