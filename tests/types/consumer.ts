// A TypeScript consumer of the installed package using every public API of
// `magisterium-a2a` with its documented types (`A2AClient`'s, of
// `magisterium-a2a/agents`, are in agents.ts). `cargo xtask test` checks it as an ES module and as a
// CommonJS module (copied to `generated/consumer.mts` and `.cts`, so edit
// this file), under every TypeScript version and config of the matrix in
// xtask/src/typecheck.rs. It imports only what every build exports by name;
// `init` is in esm.mts and cjs.cts. Each `@ts-expect-error` line must be
// refused, so a `.d.ts` that widened to `any` fails this check too.
import {
  MagisteriumClient,
  MagisteriumError,
  type Artifact,
  type AskOptions,
  type CallOptions,
  type Citation,
  type ClientLimits,
  type ClientOptions,
  type DataPart,
  type DateQuery,
  type FetchFunction,
  type FilePart,
  type InitInput,
  type MagisteriumDocument,
  type ErrorCode,
  type MagisteriumErrorDetails,
  type Part,
  type QaAnswer,
  type Rate,
  type RateLimit,
  type RequestHookInfo,
  type ResponseHookInfo,
  type SearchResult,
  type SendMessageParams,
  type Task,
  type TaskState,
  type TaskStatus,
  type TextPart,
  type TokenOptions,
  type TokenProvider,
  type TokenProviderContext,
  type TransportOptions,
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
  // Headers, a fetch of the caller's and hooks (a hook may be async; it is not awaited).
  const logged: FetchFunction = (input, init) => fetch(input, init);
  const onRequest = ({ method, url }: RequestHookInfo): void => console.log(method, url);
  const onResponse = async ({ status, durationMs }: ResponseHookInfo): Promise<void> => void [status, durationMs];
  const transport: TransportOptions = { headers: { "X-Trace": "1" }, fetch: logged, onRequest, onResponse };
  const traced = new MagisteriumClient({ ...transport, token: "t" });
  const withGlobalFetch = new MagisteriumClient({ fetch, headers: null, onRequest: undefined });
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

  const codes: ErrorCode[] = [
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
      const code: ErrorCode = e.code;
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
  const wasm: InitInput[] = [new URL("https://cdn.example/magisterium_a2a_bg.wasm"), new Uint8Array(8), "/assets/a.wasm"];

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
  // @ts-expect-error a header's value is a string
  new MagisteriumClient({ headers: { "X-Count": 1 } });
  // @ts-expect-error fetch is a function
  new MagisteriumClient({ fetch: "https://proxy.example" });
  // @ts-expect-error a response hook is told no headers
  new MagisteriumClient({ onResponse: (r) => r.headers });
  // @ts-expect-error a QaAnswer has no `answer` field
  answer.answer;
  // @ts-expect-error fetchDocument may resolve null
  (await client.fetchDocument("1")).title;
  // @ts-expect-error codes are a closed set
  const wrong: ErrorCode = "NOT_A_CODE";
  // @ts-expect-error a part needs a known kind
  const badPart: Part = { kind: "image", url: "x" };

  void [rates, afterRefusal, perUrl, numbered, traced, withGlobalFetch, viaProvider, syncProvider, absent, fromNull, endpoint, text, ids, title, index, year, url, raw, others, followUp, docFields];
  void [readings, readingsByDate, saints, saintsByDate, state, artifactNames, roles, again, canceled, settled, made, bare, wrong, badPart, wasm];
}
