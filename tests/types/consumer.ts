// A TypeScript consumer of the installed package using every public API with
// its documented types; `tsc --noEmit --strict` must accept it. Each
// `@ts-expect-error` line must be refused, so a `.d.ts` that widened to
// `any` fails this check too.
import init, {
  A2AClient,
  MagisteriumClient,
  MagisteriumError,
  type A2AClientOptions,
  type AgentCapabilities,
  type AgentCard,
  type AgentSkill,
  type AskOptions,
  type CallOptions,
  type Citation,
  type ClientOptions,
  type DateQuery,
  type Dialect,
  type DiscoverOptions,
  type MagisteriumDocument,
  type MagisteriumErrorCode,
  type Message,
  type Part,
  type QaAnswer,
  type SearchResult,
  type SendMessageParams,
  type Task,
  type TaskState,
  type WaitOptions,
} from "magisterium-a2a";

export async function everyApi(): Promise<void> {
  await init();
  const options: ClientOptions = { token: "t", endpoint: "http://127.0.0.1:8787/api/v1/a2a", timeoutMs: 30000, maxRetries: 2, maxRetryWaitMs: 5000 };
  const client = new MagisteriumClient(options);
  const viaProvider = new MagisteriumClient({ tokenProvider: async () => "fresh" });
  const syncProvider = new MagisteriumClient({ tokenProvider: () => "fresh" });
  const proxied = new MagisteriumClient({ endpoint: "https://parish.example/a2a" });
  const defaults = new MagisteriumClient();
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

  const hits: SearchResult[] = await client.searchDocuments("grace", call);
  const hit: { id: string; url: string; title: string } | undefined = hits[0];
  const doc: MagisteriumDocument | null = await client.fetchDocument(hit?.id ?? "12345");
  const docFields: string[] = doc ? [doc.id, doc.title, doc.author, doc.ref, doc.text] : [];

  const when: DateQuery = new Date();
  const readings: string | null = await client.massReadings("next Sunday");
  const readingsByDate: string | null = await client.massReadings(when, { timeoutMs: 1000 });
  const saints: string | null = await client.saintsOfTheDay("2026-03-19");
  const saintsByDate: string | null = await client.saintsOfTheDay(new Date(2026, 2, 19));

  const parts: Part[] = [
    { kind: "text", text: "grace" },
    { kind: "data", data: { id: "12345" } },
    { kind: "file", file: { uri: "https://example.org/a.pdf", mimeType: "application/pdf" } },
  ];
  const params: SendMessageParams = { parts, skillId: "pope_lookup", contextId: "ctx" };
  const task: Task = await client.sendMessage(params, call);
  const state: TaskState | (string & {}) = task.status.state;
  const artifactNames = (task.artifacts ?? []).map((a) => a.name);
  const roles = (task.history ?? []).map((m) => m.role);
  const again: Task = await client.getTask(task.id);
  const canceled: Task = await client.cancelTask(task.id, call);
  const waitOptions: WaitOptions = { pollIntervalMs: 250, timeoutMs: 60000, signal: controller.signal };
  const settled: Task = await client.waitForTask(task.id, waitOptions);

  try {
    await client.getTask("missing");
  } catch (e) {
    if (e instanceof MagisteriumError) {
      const code: MagisteriumErrorCode = e.code;
      const details: [number | undefined, number | undefined, number | undefined, string | undefined, unknown] = [e.rpcCode, e.httpStatus, e.retryAfter, e.taskId, e.data];
      const asError: Error = e;
      switch (code) {
        case "RATE_LIMITED":
        case "TASK_NOT_FOUND":
          break;
      }
      void [details, asError];
    }
  }
  const made = new MagisteriumError("TIMEOUT", "made by hand", { httpStatus: 504, cause: new Error("x") });
  client.free();
  using disposable = new MagisteriumClient();

  await orchestrate(controller.signal);

  // Wrong uses the types must refuse:
  // @ts-expect-error the question is a string
  await client.ask(42);
  // @ts-expect-error unknown option
  await client.searchDocuments("q", { contextId: "only ask takes one" });
  // @ts-expect-error options are typed
  new MagisteriumClient({ timeoutMs: "30s" });
  // @ts-expect-error a QaAnswer has no `answer` field
  answer.answer;
  // @ts-expect-error fetchDocument may resolve null
  (await client.fetchDocument("1")).title;
  // @ts-expect-error codes are a closed set
  const wrong: MagisteriumErrorCode = "NOT_A_CODE";
  // @ts-expect-error a part needs a known kind
  const badPart: Part = { kind: "image", url: "x" };

  void [viaProvider, syncProvider, proxied, endpoint, text, related, ids, title, index, year, url, raw, others, docFields];
  void [readings, readingsByDate, saints, saintsByDate, state, artifactNames, roles, again, canceled, settled, made, disposable, wrong, badPart];
}

/** An orchestrator's use of `A2AClient`: discovery, the card, the dialect, tasks or messages, waiting, generic codes. */
async function orchestrate(signal: AbortSignal): Promise<void> {
  const discoverOptions: DiscoverOptions = { token: "t", dialect: "a2a", signal, timeoutMs: 5000, maxRetries: 1 };
  const agent: A2AClient = await A2AClient.discover("https://agent.example", discoverOptions);
  const byProvider = await A2AClient.discover("https://agent.example", { tokenProvider: async () => "fresh" });
  const options: A2AClientOptions = { endpoint: "https://agent.example/a2a", dialect: "magisterium", timeoutMs: 1000 };
  const direct = new A2AClient(options);
  const dialect: Dialect = agent.dialect;
  const endpoint: string = direct.endpoint;

  const card: AgentCard | null = agent.card;
  if (card) {
    const head: [string, string, string | undefined] = [card.name, card.url, card.protocolVersion];
    const capabilities: AgentCapabilities = card.capabilities;
    const streaming: boolean | undefined = capabilities.streaming;
    const skill: AgentSkill | undefined = card.skills[0];
    const skillHead: [string, string, string | undefined] | undefined = skill && [skill.id, skill.name, skill.description];
    const schemes: Record<string, Record<string, unknown>> | undefined = card.securitySchemes;
    void [head, streaming, skillHead, schemes];
  }

  const sent: Task | Message = await agent.sendMessage({ parts: [{ kind: "text", text: "slow" }], skillId: "slow" }, { signal });
  if (sent.kind === "message") {
    const reply: Message = sent;
    void reply.parts;
  } else {
    const id: string = sent.id;
    const current: Task = await agent.getTask(id);
    const done: Task = await agent.waitForTask(id, { pollIntervalMs: 100, timeoutMs: 30000, signal });
    const stopped: Task = await agent.cancelTask(id, { timeoutMs: 1000 });
    void [current, done, stopped];
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
      ];
      void generic.includes(e.code);
    }
  }
  agent.free();
  using disposable = new A2AClient({ endpoint: "https://agent.example/a2a" });

  // Wrong uses the types must refuse:
  // @ts-expect-error an A2AClient needs an endpoint
  new A2AClient({});
  // @ts-expect-error dialects are a closed set
  new A2AClient({ endpoint: "https://agent.example/a2a", dialect: "generic" });
  // @ts-expect-error discover takes no endpoint: the card's url is the endpoint
  await A2AClient.discover("https://agent.example", { endpoint: "https://elsewhere.example/a2a" });
  // @ts-expect-error sendMessage may resolve a Message, which has no status
  (await agent.sendMessage({ parts: [] })).status;
  // @ts-expect-error pollIntervalMs is a number
  await agent.waitForTask("id", { pollIntervalMs: "fast" });
  // @ts-expect-error the card is null for a client made from an endpoint
  direct.card.name;

  void [byProvider, dialect, endpoint, disposable];
}
