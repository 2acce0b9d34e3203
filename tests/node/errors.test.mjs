// Every failure surfaces as a MagisteriumError with the right code, in the Node build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MagisteriumClient, MagisteriumError } from "magisterium-a2a";
import { endpoint, token, freshToken, fault, rejectsWith } from "./harness.mjs";

/** A client with a token of its own, and the token. */
async function client(options = {}) {
  const own = await freshToken();
  return [new MagisteriumClient({ token: own, endpoint, ...options }), own];
}

test("UNAUTHORIZED: a missing or invalid token is read from the 401 body", async () => {
  const bad = new MagisteriumClient({ token: "not-a-real-token", endpoint });
  const e = await rejectsWith(bad.searchDocuments("grace"), { code: "UNAUTHORIZED", rpcCode: -32004, httpStatus: 401 });
  assert.ok(!e.message.includes("not-a-real-token"), "the token is never in a message");
  assert.equal(e.message, "Unauthorized: invalid token", "the server's reason (data.detail) is in the message");
  const missing = await rejectsWith(new MagisteriumClient({ endpoint }).searchDocuments("grace"), { code: "UNAUTHORIZED", httpStatus: 401 });
  assert.equal(missing.message, "Unauthorized: missing Bearer token");
});

/** What Node prints on stderr when the ES module `code` ends with an uncaught error. */
function uncaught(code, env = {}) {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  return new Promise((resolve) => {
    execFile(process.execPath, ["--input-type=module", "-e", code], { cwd, timeout: 60_000, env: { ...process.env, ...env } }, (error, _stdout, stderr) =>
      resolve({ failed: Boolean(error), stderr }));
  });
}

/** Asserts that Node's report of an uncaught error starts with short lines, then `heading`. */
function assertReadableFirstScreen({ failed, stderr }, heading) {
  assert.ok(failed, "the process fails");
  const at = stderr.indexOf(`${heading}\n`);
  assert.ok(at >= 0, `no line "${heading}" in:\n${stderr.slice(0, 2000)}`);
  for (const line of stderr.slice(0, at).split("\n")) {
    // Node prints the source line the error was thrown from: a line of Node's own, or of the package's readable code.
    assert.ok(line.length <= 160, `a line of ${line.length} characters before the error:\n${line.slice(0, 300)}`);
  }
}

test("an uncaught MagisteriumError prints a short, readable first screen with the server's reason", async () => {
  const call = `import { MagisteriumClient } from "magisterium-a2a";
    await new MagisteriumClient(${JSON.stringify({ token: "not-a-real-token", endpoint })}).searchDocuments("grace");`;
  assertReadableFirstScreen(await uncaught(call), "MagisteriumError: Unauthorized: invalid token");
  // One made by the sign-in's bundle, also minified: a saved login that is not there.
  const config = await mkdtemp(join(tmpdir(), "no-login-"));
  try {
    const signIn = `import { MagisteriumAuth } from "magisterium-a2a/auth"; await MagisteriumAuth.fromSavedLogin();`;
    const report = await uncaught(signIn, { XDG_CONFIG_HOME: config });
    assertReadableFirstScreen(report, report.stderr.match(/^MagisteriumError: .*$/m)?.[0] ?? "MagisteriumError");
    assert.match(report.stderr, /code: 'SIGN_IN_REQUIRED'/);
  } finally {
    await rm(config, { recursive: true, force: true });
  }
});

test("PLAN_REQUIRED: a free-plan token is refused with 403", async () => {
  const free = new MagisteriumClient({ token: "free-token", endpoint });
  await rejectsWith(free.searchDocuments("grace"), { code: "PLAN_REQUIRED", rpcCode: -32005, httpStatus: 403 });
});

test("RATE_LIMITED carries retryAfter and rejects at once when the wait is too long", async () => {
  const limited = await freshToken({ rateExpensive: "1/60s" });
  const c = new MagisteriumClient({ token: limited, endpoint, maxRetryWaitMs: 1000 });
  await c.ask("What is grace?");
  const started = Date.now();
  const e = await rejectsWith(c.ask("What is grace?"), { code: "RATE_LIMITED", rpcCode: -32003, httpStatus: 429 });
  assert.ok(Number.isInteger(e.retryAfter) && e.retryAfter >= 1 && e.retryAfter <= 60, `retryAfter ${e.retryAfter}`);
  assert.ok(Date.now() - started < 30_000, "no wait longer than maxRetryWaitMs");
  assert.equal((await c.searchDocuments("grace")).constructor, Array, "the default pool is separate");
});

test("a tokenProvider is asked per request, and once more after a 401", async () => {
  const good = await freshToken();
  const answers = ["expired-token", good, good];
  const asked = [];
  const c = new MagisteriumClient({ endpoint, tokenProvider: async () => (asked.push(1), answers.shift()) });
  assert.ok(Array.isArray(await c.searchDocuments("grace")));
  assert.equal(asked.length, 2, "refreshed once after the 401");
  await c.searchDocuments("grace");
  assert.equal(asked.length, 3, "called per request");
  const failing = new MagisteriumClient({ endpoint, tokenProvider: () => { throw new Error("no session"); } });
  const e = await rejectsWith(failing.searchDocuments("grace"), { code: "UNAUTHORIZED" });
  assert.equal(e.cause.message, "no session");
});

test("TASK_FAILED: a failed task rejects skill methods with the server's reason and task id", async () => {
  const [c, own] = await client();
  const failed = {
    kind: "task", id: "task-failed-1", contextId: "ctx",
    status: { state: "failed", message: { kind: "message", role: "agent", messageId: "m", parts: [{ kind: "text", text: "the skill raised" }] } },
  };
  await fault(own, "result", { result: failed });
  await rejectsWith(c.massReadings("today"), { code: "TASK_FAILED", taskId: "task-failed-1", message: "the skill raised" });
  await fault(own, "result", { result: failed });
  const task = await c.sendMessage({ parts: [{ kind: "text", text: "today" }], skillId: "liturgical_readings" });
  assert.equal(task.status.state, "failed", "sendMessage returns the task as it is");
});

test("JSON-RPC errors the client never provokes still map to their codes", async () => {
  const table = [
    [-32700, "PARSE_ERROR"],
    [-32600, "INVALID_REQUEST"],
    [-32601, "METHOD_NOT_FOUND"],
    [-32602, "INVALID_PARAMS"],
    [-32603, "INTERNAL_ERROR"],
    [-32001, "TASK_NOT_FOUND"],
    [-32002, "SKILL_NOT_FOUND"],
  ];
  const [c, own] = await client({ maxRetries: 0 });
  for (const [rpcCode, code] of table) {
    await fault(own, "error", { code: rpcCode, message: `injected ${rpcCode}`, data: { detail: 1 } });
    await rejectsWith(c.searchDocuments("grace"), { code, rpcCode, httpStatus: 200, message: `injected ${rpcCode}`, data: { detail: 1 } });
  }
});

test("BAD_RESPONSE for an HTML 502, a truncated body, a wrong id and a working task", async () => {
  const [c, own] = await client({ maxRetries: 0 });
  await fault(own, "html_502");
  await rejectsWith(c.searchDocuments("grace"), { code: "BAD_RESPONSE", httpStatus: 502 });
  await fault(own, "truncated");
  await rejectsWith(c.searchDocuments("grace"), { code: "BAD_RESPONSE", httpStatus: 200 });
  await fault(own, "wrong_id");
  await rejectsWith(c.searchDocuments("grace"), { code: "BAD_RESPONSE" });
  await fault(own, "working");
  const e = await rejectsWith(c.searchDocuments("grace"), { code: "BAD_RESPONSE" });
  assert.match(e.taskId, /\S/);
  assert.equal((await c.getTask(e.taskId)).status.state, "working");
  assert.equal((await c.cancelTask(e.taskId)).status.state, "canceled", "a working task can be canceled");
});

test("TIMEOUT and ABORTED end a slow call, and the client keeps working", async () => {
  const [c, own] = await client();
  await fault(own, "slow", { delayMs: 3000 });
  await rejectsWith(c.searchDocuments("grace", { timeoutMs: 200 }), { code: "TIMEOUT" });
  await fault(own, "slow", { delayMs: 3000 });
  const controller = new AbortController();
  const pending = c.searchDocuments("grace", { signal: controller.signal });
  setTimeout(() => controller.abort(new Error("user left")), 100);
  const e = await rejectsWith(pending, { code: "ABORTED" });
  assert.equal(e.cause.message, "user left");
  const early = new AbortController();
  early.abort();
  await rejectsWith(c.searchDocuments("grace", { signal: early.signal }), { code: "ABORTED" });
  assert.ok((await c.searchDocuments("grace")).length > 0);
});

/** Runs `code` (an ES module) in a Node process of its own; its stdout and how long it lived. */
function runScript(code) {
  const started = Date.now();
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--input-type=module", "-e", code], { cwd, timeout: 60_000 }, (error, stdout) =>
      error ? reject(error) : resolve({ stdout: stdout.trim(), ms: Date.now() - started }));
  });
}

test("the timeout timer holds a Node process only while a call is in flight", async () => {
  const setup = `import { MagisteriumClient } from "magisterium-a2a";`;
  // A finished call with the default 30 s timeout: the process ends when the script does.
  const done = await runScript(`${setup} const c = new MagisteriumClient(${JSON.stringify({ token, endpoint })});
    console.log((await c.searchDocuments("grace")).length > 0);`);
  assert.equal(done.stdout, "true");
  assert.ok(done.ms < 20_000, `the process outlived its call by the timeout: ${done.ms} ms`);
  // A call still waiting (on a token that never comes) keeps the process until its timeout.
  const waiting = await runScript(`${setup} const c = new MagisteriumClient(${JSON.stringify({ endpoint })
    .replace("}", ", tokenProvider: () => new Promise(() => {}), timeoutMs: 300 }")});
    c.searchDocuments("grace").catch((e) => console.log(e.code));`);
  assert.equal(waiting.stdout, "TIMEOUT");
});

test("NETWORK when nothing answers: the platform's reason, and no CORS outside browsers", async () => {
  // A port that was free a moment ago: nothing listens there.
  const port = await new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
  const c = new MagisteriumClient({ token, endpoint: `http://127.0.0.1:${port}/api/v1/a2a`, maxRetries: 0 });
  const e = await rejectsWith(c.getTask("t"), { code: "NETWORK", httpStatus: undefined });
  assert.doesNotMatch(e.message, /CORS/, "Node has no CORS");
  assert.ok(e.message.startsWith(`the request failed: fetch failed: connect ECONNREFUSED 127.0.0.1:${port} (`), e.message);
});

test("INVALID_INPUT before any request", async () => {
  const c = new MagisteriumClient({ token, endpoint });
  await rejectsWith(c.ask("   "), { code: "INVALID_INPUT" });
  await rejectsWith(c.ask(42), { code: "INVALID_INPUT" });
  await rejectsWith(c.saintsOfTheDay("2026-02-30"), { code: "INVALID_INPUT" });
  await rejectsWith(c.massReadings(new Date("nonsense")), { code: "INVALID_INPUT" });
  await rejectsWith(c.fetchDocument(""), { code: "INVALID_INPUT" });
  await rejectsWith(c.getTask(undefined), { code: "INVALID_INPUT" });
  await rejectsWith(c.sendMessage({ parts: [] }), { code: "INVALID_INPUT" });
  await rejectsWith(c.sendMessage({ parts: [{ kind: "file", file: { uri: "https://x/y" } }] }), { code: "INVALID_INPUT" });
  await rejectsWith(c.sendMessage({ parts: [{ kind: "data", data: { n: 1n } }] }), { code: "INVALID_INPUT" });
  await rejectsWith(c.ask("q", { timeoutMs: -1 }), { code: "INVALID_INPUT" });
  await rejectsWith(c.ask("q", { signal: "no" }), { code: "INVALID_INPUT" });
  await rejectsWith(c.searchDocuments("q", { contextId: "only for ask" }), { code: "INVALID_INPUT" });
  const construct = (options) => {
    try {
      new MagisteriumClient(options);
    } catch (e) {
      return e;
    }
    assert.fail(`accepted ${JSON.stringify(options)}`);
  };
  for (const options of [
    { token: "t", endpoint: "http://example.org/a2a" },
    { endpoint: "ftp://example.org" },
    { token: "t", tokenProvider: () => "t" },
    { tokn: "typo" },
    { maxRetries: 99 },
    { timeoutMs: "30s" },
    "not an object",
  ]) {
    const e = construct(options);
    assert.ok(e instanceof MagisteriumError);
    assert.equal(e.code, "INVALID_INPUT");
  }
  assert.equal(new MagisteriumClient().endpoint, "https://www.magisterium.com/api/v1/a2a");
});

test("an A2A 1.0 agent's reason (its google.rpc.ErrorInfo's metadata.detail) and the task asked for are in the message", async () => {
  const { A2AClient } = await import("magisterium-a2a/agents");
  const agent = await A2AClient.discover(`${process.env.MAGISTERIUM_SIMULATOR}/agent`);
  const e = await rejectsWith(agent.getTask("nope"), { code: "TASK_NOT_FOUND", rpcCode: -32001, taskId: "nope" });
  assert.equal(e.message, "Task not found: no task `nope` here (never created, or forgotten)");
});
