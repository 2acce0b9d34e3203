// The one table of A2AClient's behaviours against the fixture agents on the
// official SDKs (`tests/a2a-agent-v1/`), each binding a column: the Node suite
// (`tests/node/agent-behaviours.test.mjs`) and the page suite in Chromium
// (`tests/page/agent-behaviours.test.mjs`) run the same cases on every column.
//
// A case's `run(client, h)` runs where the client lives (in Node, or in the
// page: so it is self-contained, its only names `client` and the helpers `h`
// of `HELPERS`) and returns plain data; `check(result, column)` asserts on it
// in Node. Besides each case's checks, the runners assert that every column
// of a case's group `same` yields the same data, once ids and times are
// replaced by their order of appearance (`comparable`): the package's one
// shape, whatever the binding.
import assert from "node:assert/strict";
import { TENANT } from "./a2a-agent-v1/cards.mjs";

/**
 * The bindings, each a column: where its agent is under the 1.x fixture's
 * base URL, the options `discover` gets, the SDK serving it (`@a2a-js/sdk`
 * 1.x or 0.3), what `client.binding` and
 * `client.protocolVersion` then say, and the `group` of columns whose results
 * must be identical: the two bindings of one agent (the two 0.3 columns are
 * agents of two SDKs, which differ, e.g. in the history `getTask` returns);
 * and the `tenant` the card's interface names, which every call carries.
 */
export const COLUMNS = [
  { name: "JSON-RPC 1.0", path: "/v1", options: {}, binding: "JSONRPC", protocolVersion: "1.0", sdk: "1.x", group: "1.0" },
  { name: "HTTP+JSON 1.0", path: "/rest", options: {}, binding: "HTTP+JSON", protocolVersion: "1.0", sdk: "1.x", group: "1.0" },
  { name: "HTTP+JSON 1.0, a tenant", path: "/tenant", options: {}, binding: "HTTP+JSON", protocolVersion: "1.0", sdk: "1.x", group: "tenant", tenant: TENANT },
  {
    name: "JSON-RPC 1.0, a tenant",
    path: "/tenant",
    options: { binding: "JSONRPC" },
    binding: "JSONRPC",
    protocolVersion: "1.0",
    sdk: "1.x",
    group: "tenant",
    tenant: TENANT,
  },
  {
    name: "JSON-RPC 0.3 (@a2a-js/sdk 0.3)",
    path: "/old",
    options: { protocolVersion: "0.3" },
    binding: "JSONRPC",
    protocolVersion: "0.3",
    sdk: "0.3",
  },
  {
    name: "JSON-RPC 0.3 (@a2a-js/sdk 1.x compatibility)",
    path: "/compat",
    options: { protocolVersion: "0.3" },
    binding: "JSONRPC",
    protocolVersion: "0.3",
    sdk: "1.x",
  },
];

/**
 * The helpers a case's `run` gets as `h` (see `bindHelpers`): arrow
 * functions, each self-contained and given `h` first, so that the page suite
 * can install them in the page from their source.
 */
export const HELPERS = {
  /** `sendMessage`'s argument: a text part (its first word names the skill) and, when given, a data part. */
  message: (h, text, data) => ({ parts: [{ kind: "text", text }, ...(data ? [{ kind: "data", data }] : [])] }),
  /** A `MagisteriumError` as data (`rpcCode`, `httpStatus`: `null` when absent), or what else was thrown, as text. */
  error: (h, error) =>
    error instanceof h.MagisteriumError
      ? { code: error.code, rpcCode: error.rpcCode ?? null, httpStatus: error.httpStatus ?? null }
      : { notMagisteriumError: String(error) },
  /** `{ value }` of a promise that resolves, `{ error }` (as `h.error` describes it) of one that rejects. */
  settle: (h, promise) => promise.then((value) => ({ value }), (error) => ({ error: h.error(error) })),
  /** Every event of a stream until it ends, `{ events }`, plus `error` when the iteration rejected. */
  drain: async (h, stream) => {
    const events = [];
    try {
      for await (const event of stream) events.push(event);
      return { events };
    } catch (error) {
      return { events, error: h.error(error) };
    }
  },
};

/**
 * `h`: the `helpers` (as `HELPERS`) each called with `h` first, and the
 * entry's `MagisteriumError`. Self-contained too: the page suite runs it in the page.
 */
export function bindHelpers(helpers, MagisteriumError) {
  const h = { MagisteriumError };
  for (const [name, helper] of Object.entries(helpers)) h[name] = (...args) => helper(h, ...args);
  return h;
}

/** What each event is: its kind and, for a status update, its state. */
const kinds = (events) => events.map((e) => (e.kind === "status-update" ? `${e.kind} ${e.status.state}` : e.kind));

/** Asserts that every event after the first belongs to the first one's task. */
function assertOneTask(events) {
  const [{ id, contextId }, ...updates] = events;
  for (const update of updates) assert.deepEqual([update.taskId, update.contextId], [id, contextId], update.kind);
}

/** The cases: `name`, `run(client, h)` (self-contained), `check(result, column)`. */
export const CASES = [
  {
    name: "sendMessage: an echo completes with its artifact; the user's message in its history",
    run: async (client, h) => client.sendMessage(h.message("echo hello")),
    check(task) {
      assert.deepEqual([task.kind, task.status.state], ["task", "completed"]);
      assert.deepEqual(task.artifacts[0].parts, [{ kind: "text", text: "echo hello" }]);
      assert.deepEqual([task.history[0].kind, task.history[0].role], ["message", "user"]);
      assert.deepEqual(task.history[0].parts[0], { kind: "text", text: "echo hello" });
    },
  },
  {
    name: "sendMessage: an agent answering with a message",
    run: async (client, h) => client.sendMessage(h.message("reply hi")),
    check(reply) {
      assert.deepEqual([reply.kind, reply.role], ["message", "agent"]);
      assert.deepEqual(reply.parts, [{ kind: "text", text: "You said: reply hi" }]);
    },
  },
  {
    name: "the agent sees the tenant of the card's interface (none when it names none, or in 0.3)",
    run: async (client, h) => {
      const sent = await client.sendMessage(h.message("tenant"));
      return { sent, got: await h.settle(client.getTask(sent.id)) };
    },
    check({ sent, got }, column) {
      if (column.sdk === "0.3") return assert.equal(sent.status.state, "rejected", "no skill `tenant` in SDK 0.3's fixture");
      assert.deepEqual(sent.artifacts[0].parts, [{ kind: "text", text: column.tenant ?? "" }]);
      assert.deepEqual(got.value.id, sent.id, "found under the tenant it was made in");
    },
  },
  {
    name: "getTask: the task as sendMessage gave it",
    run: async (client, h) => {
      const sent = await client.sendMessage(h.message("echo got"));
      return { sent, got: await client.getTask(sent.id) };
    },
    check({ sent, got }) {
      assert.deepEqual([got.kind, got.id, got.status.state], ["task", sent.id, "completed"]);
      assert.deepEqual(got.artifacts, sent.artifacts);
    },
  },
  {
    name: "sendMessage does not block on a slow task; cancelTask cancels it",
    run: async (client, h) => {
      const slow = await client.sendMessage(h.message("slow", { delayMs: 10_000 }));
      return { slow, canceled: await client.cancelTask(slow.id) };
    },
    check({ slow, canceled }) {
      assert.equal(slow.status.state, "working", "asked not to block (returnImmediately in 1.0)");
      assert.deepEqual([canceled.id, canceled.status.state], [slow.id, "canceled"]);
    },
  },
  {
    name: "cancelTask of a finished task is TASK_NOT_CANCELABLE",
    run: async (client, h) => {
      const done = await client.sendMessage(h.message("echo done"));
      return h.settle(client.cancelTask(done.id));
    },
    check: ({ error }) => assert.equal(error.code, "TASK_NOT_CANCELABLE"),
  },
  {
    name: "getTask, cancelTask and subscribeToTask of an unknown task are TASK_NOT_FOUND",
    run: async (client, h) => ({
      get: await h.settle(client.getTask("no-such-task")),
      cancel: await h.settle(client.cancelTask("no-such-task")),
      subscribe: await h.drain(client.subscribeToTask("no-such-task")),
    }),
    check({ get, cancel, subscribe }) {
      assert.equal(get.error.code, "TASK_NOT_FOUND");
      assert.equal(cancel.error.code, "TASK_NOT_FOUND");
      assert.deepEqual(subscribe, { events: [], error: subscribe.error });
      assert.equal(subscribe.error.code, "TASK_NOT_FOUND");
    },
  },
  {
    name: "listTasks: a context's tasks, a state filter",
    run: async (client, h) => {
      const echo = await client.sendMessage(h.message("echo listed"));
      return {
        echo,
        page: await h.settle(client.listTasks({ contextId: echo.contextId, pageSize: 10, includeArtifacts: true })),
        working: await h.settle(client.listTasks({ contextId: echo.contextId, status: "working" })),
      };
    },
    check({ echo, page, working }, column) {
      if (column.protocolVersion === "0.3") {
        // A 0.3 agent has no tasks/list.
        assert.equal(page.error.code, "METHOD_NOT_FOUND");
        assert.equal(working.error.code, "METHOD_NOT_FOUND");
        return;
      }
      assert.deepEqual(page.value.tasks.map((t) => [t.kind, t.id, t.status.state]), [["task", echo.id, "completed"]]);
      assert.deepEqual(page.value.tasks[0].artifacts, echo.artifacts);
      assert.deepEqual(working.value.tasks, [], "a 0.3 state filter, sent as TASK_STATE_WORKING");
    },
  },
  {
    name: "waitForTask: input-required, failed, and a slow task completed",
    run: async (client, h) => {
      const wait = async (text, data) => client.waitForTask((await client.sendMessage(h.message(text, data))).id, { pollIntervalMs: 50 });
      return { asked: await wait("ask-back"), failed: await wait("fail"), slow: await wait("slow", { delayMs: 200 }) };
    },
    check({ asked, failed, slow }) {
      assert.equal(asked.status.state, "input-required");
      assert.equal(asked.status.message.role, "agent");
      assert.deepEqual(asked.status.message.parts, [{ kind: "text", text: "Which diocese do you mean?" }]);
      assert.equal(failed.status.state, "failed");
      assert.equal(slow.status.state, "completed");
      assert.deepEqual(slow.artifacts[0].parts, [{ kind: "text", text: "done after 200 ms" }]);
    },
  },
  {
    name: "sendMessageStream: task, working, three chunks of one artifact, completed",
    run: async (client, h) => {
      const streamed = await h.drain(client.sendMessageStream(h.message("stream", { chunks: 3, delayMs: 20 })));
      return { ...streamed, got: streamed.events.length ? await client.getTask(streamed.events[0].id) : null };
    },
    check({ events, error, got }) {
      assert.equal(error, undefined);
      assert.deepEqual(kinds(events), ["task", "status-update working", "artifact-update", "artifact-update", "artifact-update", "status-update completed"]);
      assertOneTask(events);
      const [task, working, ...rest] = events;
      assert.equal(task.status.state, "submitted");
      assert.equal(working.final, false);
      const chunks = rest.slice(0, 3);
      assert.deepEqual(chunks.map((c) => [c.append, c.lastChunk]), [[false, false], [true, false], [true, true]]);
      assert.deepEqual(chunks.map((c) => c.artifact.parts), [0, 1, 2].map((i) => [{ kind: "text", text: `chunk ${i}` }]));
      assert.equal(new Set(chunks.map((c) => c.artifact.artifactId)).size, 1, "one artifactId");
      assert.equal(rest[3].final, true);
      assert.deepEqual([got.id, got.status.state], [task.id, "completed"]);
    },
  },
  {
    name: "sendMessageStream: input-required and failed end their streams; a reply is one message",
    run: async (client, h) => {
      const asked = await h.drain(client.sendMessageStream(h.message("ask-back")));
      const [first] = asked.events;
      const answer = { ...h.message("echo my diocese"), taskId: first.id, contextId: first.contextId };
      return {
        asked,
        answered: await h.drain(client.sendMessageStream(answer)),
        failed: await h.drain(client.sendMessageStream(h.message("fail"))),
        reply: await h.drain(client.sendMessageStream(h.message("reply hi"))),
      };
    },
    check({ asked, answered, failed, reply }, column) {
      for (const streamed of [asked, answered, failed, reply]) assert.equal(streamed.error, undefined);
      assert.deepEqual(kinds(asked.events), ["task", "status-update input-required"]);
      assertOneTask(asked.events);
      const question = asked.events[1];
      // 1.0 has no `final`: the client sets it; the 1.x SDK's 0.3 layer sends `false` here, passed on as sent.
      if (column.protocolVersion === "1.0") assert.equal(question.final, true);
      assert.deepEqual(question.status.message.parts, [{ kind: "text", text: "Which diocese do you mean?" }]);
      assert.ok(answered.events.length >= 1);
      assert.deepEqual(kinds(failed.events), ["task", "status-update failed"]);
      assert.equal(failed.events[1].final, true);
      assert.deepEqual(reply.events.map((e) => [e.kind, e.role, e.parts]), [["message", "agent", [{ kind: "text", text: "You said: reply hi" }]]]);
    },
  },
  {
    name: "cancelTask while streaming a slow task: the stream ends with the canceled update",
    run: async (client, h) => {
      const events = [];
      let canceled;
      for await (const event of client.sendMessageStream(h.message("slow", { delayMs: 5000 }))) {
        events.push(event);
        if (events.length === 1) canceled = await client.cancelTask(event.id);
      }
      return { events, canceled };
    },
    check({ events, canceled }) {
      assert.deepEqual(kinds(events), ["task", "status-update canceled"]);
      assertOneTask(events);
      assert.equal(events[0].status.state, "working");
      assert.equal(events[1].final, true);
      assert.deepEqual([canceled.id, canceled.status.state], [events[0].id, "canceled"]);
    },
  },
  {
    name: "subscribeToTask follows a running task to its end",
    run: async (client, h) => {
      const started = await client.sendMessage(h.message("slow", { delayMs: 400 }));
      return { started, ...(await h.drain(client.subscribeToTask(started.id))) };
    },
    check({ started, events, error }) {
      assert.equal(error, undefined);
      assert.equal(started.status.state, "working");
      assert.deepEqual([events[0].kind, events[0].id], ["task", started.id]);
      assert.ok(events.some((e) => e.kind === "artifact-update"));
      assert.deepEqual([events.at(-1).kind, events.at(-1).status.state, events.at(-1).final], ["status-update", "completed", true]);
      assertOneTask(events);
    },
  },
  {
    name: "subscribeToTask of a finished task: the 1.x SDK refuses it (UNSUPPORTED_OPERATION), 0.3's sends the task once",
    run: async (client, h) => {
      const done = await client.sendMessage(h.message("echo finished"));
      return h.drain(client.subscribeToTask(done.id));
    },
    check({ events, error }, column) {
      if (column.sdk === "1.x") {
        assert.deepEqual([events, error.code], [[], "UNSUPPORTED_OPERATION"]);
      } else {
        assert.equal(error, undefined);
        assert.deepEqual(events.map((t) => [t.kind, t.status.state]), [["task", "completed"]]);
      }
    },
  },
];

/**
 * Asserts what every error in `result` (a case's, anywhere in it) carries
 * on `column`'s binding: over JSON-RPC, the JSON-RPC `rpcCode`; over
 * HTTP+JSON, no `rpcCode` and the HTTP status of the error.
 */
export function checkErrors(result, column) {
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    if ("error" in value && value.error) {
      const { code, rpcCode, httpStatus } = value.error;
      assert.equal(typeof code, "string", JSON.stringify(value.error));
      if (column.binding === "HTTP+JSON") {
        assert.equal(rpcCode, null, `${code}: no rpcCode over HTTP+JSON`);
        assert.ok(httpStatus >= 400 && httpStatus < 600, `${code}: the HTTP status (${httpStatus})`);
      } else {
        assert.equal(typeof rpcCode, "number", `${code}: a JSON-RPC code`);
      }
    }
    Object.values(value).forEach(visit);
  };
  visit(result);
}

/** The members whose values differ from run to run: ids (kept apart by order of appearance) and times. */
const IDS = new Set(["id", "taskId", "contextId", "messageId", "artifactId"]);

/**
 * `result` as columns of one group must all yield it: each id replaced by
 * `#n` (n: its order of first appearance, members read in the order of
 * their names, so that sameness is kept), each
 * `timestamp` by `"time"`, an error by its `code` alone (its `rpcCode` and
 * `httpStatus` are the binding's, see `checkErrors`).
 */
export function comparable(result) {
  const ids = new Map();
  const walk = (value, key) => {
    if (key === "error" && value && typeof value === "object" && "code" in value) return { code: value.code };
    if (IDS.has(key) && typeof value === "string") {
      if (!ids.has(value)) ids.set(value, `#${ids.size + 1}`);
      return ids.get(value);
    }
    if (key === "timestamp" && typeof value === "string") return "time";
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value === null || typeof value !== "object") return value;
    // Members in the order of their names, so that ids are numbered whatever order the agent wrote them in.
    const members = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return Object.fromEntries(members.map(([k, v]) => [k, walk(v, k)]));
  };
  return walk(result);
}

/**
 * Runs every case on every column, each case a subtest of `t`: `open(base,
 * options)` discovers the agent at `base` where the client lives and
 * resolves with `{ binding, protocolVersion, run(caseRun) }`, `run` calling
 * a case's `run` there with the client and the helpers. Then, per case,
 * compares the columns of each group.
 */
export async function runTable(t, base, open) {
  for (const c of CASES) {
    await t.test(c.name, async () => {
      const seen = {};
      for (const column of COLUMNS) {
        const client = await open(`${base}${column.path}`, column.options);
        assert.deepEqual([client.binding, client.protocolVersion], [column.binding, column.protocolVersion], column.name);
        const result = await client.run(c.run);
        try {
          c.check(result, column);
          checkErrors(result, column);
        } catch (error) {
          error.message = `${column.name}: ${error.message}`;
          throw error;
        }
        (seen[column.group ?? column.name] ??= []).push([column.name, comparable(result)]);
      }
      for (const [[first, expected], ...others] of Object.values(seen)) {
        for (const [name, got] of others) assert.deepEqual(got, expected, `${name} yields what ${first} does`);
      }
    });
  }
}
