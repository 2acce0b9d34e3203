// magisterium-a2a/tools/mcp and `magisterium-a2a mcp` with the official MCP
// SDK's own client: in-process (its in-memory transport) and over stdio
// (the installed package's command). Lists the tools and holds their
// schemas to JSON Schema (Ajv, strict) and to MCP's own result schema,
// calls each, sees progress notifications and a cancellation that cancels
// the agent's task; without the SDK the command says in one line how to run it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Ajv from "ajv";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import init, { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";
import { magisteriumTools, toolsOnFirstUse } from "magisterium-a2a/tools";
import { createMcpServer } from "magisterium-a2a/tools/mcp";
import { agentUrl, endpoint, simulator, token } from "./harness.mjs";

await init();

const packageJson = createRequire(import.meta.url).resolve("magisterium-a2a/package.json");
const bin = join(dirname(packageJson), JSON.parse(await readFile(packageJson, "utf8")).bin["magisterium-a2a"]);

/** A connected client of the SDK on `transport`, closed after the test. */
async function connect(t, transport) {
  const client = new Client({ name: "tools-test", version: "1.0.0" });
  await client.connect(transport);
  t.after(() => client.close());
  return client;
}

/** The MCP tools listed by `client`: names unique and valid, schemas compiled by Ajv in strict mode. */
async function listChecked(client) {
  const { tools } = await client.listTools();
  const ajv = new Ajv({ strict: true });
  assert.equal(new Set(tools.map((tool) => tool.name)).size, tools.length);
  for (const tool of tools) {
    assert.match(tool.name, /^[a-zA-Z0-9_-]{1,64}$/);
    assert.equal(tool.inputSchema.type, "object");
    ajv.compile(tool.inputSchema);
  }
  return tools;
}

/** Calls each kind of tool once (`streamTool`: the test agent's `stream` skill); the results as MCP reads them. */
async function callEach(client, streamTool) {
  const call = (name, args, options) => client.callTool({ name, arguments: args }, CallToolResultSchema, options);
  const progress = [];
  const answers = {
    ask: await call("ask", { question: "What is grace?" }),
    search: await call("search_documents", { query: "baptism" }),
    readings: await call("mass_readings", { date: "2026-12-25" }),
    saints: await call("saints_of_the_day", { date: "today" }),
    stream: await call(streamTool, { message: "stream", data: { chunks: 3, delayMs: 20 } }, { onprogress: (p) => progress.push(p) }),
    wrong: await call("ask", { question: 1 }),
  };
  const { id } = answers.search.structuredContent.results[0];
  answers.fetch = await call("fetch_document", { id });
  return { answers, progress };
}

/** `all`: every progress notification must have come (in-process); over stdio the SDK's client may drop the last ones (it runs their handlers after a result read with them: modelcontextprotocol/typescript-sdk#2580). */
function checkAnswers({ answers, progress }, all) {
  assert.match(answers.ask.content[0].text, /\n\nSources:\n\[1\] /);
  assert.ok(answers.ask.structuredContent.citations.length > 0);
  assert.equal(answers.ask.isError, false);
  assert.match(answers.search.content[0].text, /^\d+ documents:/);
  assert.ok(answers.fetch.content[0].text.length > 100);
  assert.ok(answers.readings.content[0].text.length > 20);
  assert.ok(answers.saints.content[0].text.length > 20);
  assert.match(answers.stream.content[0].text, /^chunk 0\nchunk 1\nchunk 2\n/);
  assert.deepEqual([answers.wrong.isError, answers.wrong.content[0].text], [true, 'INVALID_INPUT: "question" must be a string.']);
  assert.ok(progress.length >= (all ? 5 : 1), `progress notifications: ${progress.length}`);
  assert.deepEqual(progress.map((p) => p.progress), progress.map((_, i) => i + 1));
  const chunks = progress.filter((p) => p.message?.startsWith("chunk")).map((p) => p.message);
  assert.deepEqual(chunks, ["chunk 0", "chunk 1", "chunk 2"].slice(0, all ? 3 : chunks.length));
}

/**
 * `client` whose `cancelTask` calls are recorded in `cancels` as [task id, state after, whether its signal was
 * aborted]; a cancel that fails is recorded too, its error in the state's place, so a test waiting for a cancel
 * ends (and fails saying why) rather than waiting for ever.
 */
function recordingCancels(client, cancels) {
  return new Proxy(client, {
    get(target, key) {
      if (key !== "cancelTask") return typeof target[key] === "function" ? target[key].bind(target) : target[key];
      return async (id, options) => {
        try {
          const task = await target.cancelTask(id, options);
          cancels.push([id, task.status.state, options?.signal?.aborted]);
          return task;
        } catch (error) {
          cancels.push([id, `${error.code}: ${error.message}`, options?.signal?.aborted]);
          throw error;
        }
      };
    },
  });
}

test("in-process: the server lists valid tools, runs each, reports progress, cancels the agent's task when the call is canceled", async (t) => {
  const taken = new Set();
  const cancels = [];
  const sources = [
    magisteriumTools(new MagisteriumClient({ token, endpoint }), { taken }),
    toolsOnFirstUse(`${simulator}/agent`, () => A2AClient.discover(`${simulator}/agent`), { taken, prefix: "test agent" }),
    toolsOnFirstUse(agentUrl, async () => recordingCancels(await A2AClient.discover(agentUrl), cancels), { taken, prefix: "fixture" }),
  ];
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(sources, { name: "tools-test-server", version: "1.0.0" });
  await server.connect(serverSide);
  const client = await connect(t, clientSide);
  assert.deepEqual(client.getServerVersion(), { name: "tools-test-server", version: "1.0.0" });
  const tools = await listChecked(client);
  assert.deepEqual(tools.slice(0, 5).map((tool) => tool.name), ["ask", "search_documents", "fetch_document", "mass_readings", "saints_of_the_day"]);
  assert.ok(tools.some((tool) => tool.name === "fixture_slow"));
  checkAnswers(await callEach(client, "test_agent_stream"), true);

  const controller = new AbortController();
  const slow = client.callTool({ name: "fixture_slow", arguments: { message: "slow", data: { delayMs: 30_000 } } }, CallToolResultSchema, {
    signal: controller.signal,
    onprogress: () => controller.abort(new Error("the user stopped")),
  });
  await assert.rejects(slow);
  // The server hears the cancellation after the client has given up: wait for its cancel (no timing asserted).
  while (cancels.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(cancels.map(([, state, aborted]) => [state, aborted]), [["canceled", false]], "canceled, with a signal that was not the aborted one");
});

test("in-process: an agent that is down is one tool saying so; calls of the other tools do not try it again", async (t) => {
  let tries = 0;
  const down = "http://127.0.0.1:1"; // nothing listens on port 1
  const taken = new Set();
  const sources = [
    magisteriumTools(new MagisteriumClient({ token, endpoint }), { taken }),
    toolsOnFirstUse(down, () => ((tries += 1), A2AClient.discover(down, { maxRetries: 0 })), { taken }),
  ];
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(sources).connect(serverSide);
  const client = await connect(t, clientSide);
  const tools = await listChecked(client);
  assert.deepEqual([tools.at(-1).name, tries], ["127_0_0_1_1_unavailable", 1]);
  const saints = await client.callTool({ name: "saints_of_the_day", arguments: { date: "today" } });
  assert.deepEqual([saints.isError, tries], [false, 1], "a call of another tool does not discover the agent again");
  const again = await client.callTool({ name: "127_0_0_1_1_unavailable", arguments: {} });
  assert.deepEqual([again.isError, again.content[0].text.split(":")[0], tries], [true, "NETWORK", 2]);
});

test("over stdio: `magisterium-a2a mcp` from the installed package serves Magisterium and an --agent", async (t) => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, "mcp", "--endpoint", endpoint, "--agent", `${simulator}/agent`],
    env: { ...process.env, MAGISTERIUM_TOKEN: token },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr.on("data", (chunk) => (stderr += chunk));
  const client = await connect(t, transport);
  assert.equal(client.getServerVersion().name, "magisterium-a2a");
  const tools = await listChecked(client);
  const agentPart = "streaming_test_agent"; // from the card's name, "Streaming test agent (…)", cut after a word
  assert.deepEqual(tools.map((tool) => tool.name), ["ask", "search_documents", "fetch_document", "mass_readings", "saints_of_the_day", ...["echo", "stream", "reply"].map((skill) => `${agentPart}_${skill}`)]);
  checkAnswers(await callEach(client, `${agentPart}_stream`), false);
  assert.match(stderr, /^magisterium-a2a mcp: serving on stdio \(Magisterium, 1 agent\)\n/);
});

test("without the MCP SDK beside it, `npx magisterium-a2a mcp` from the tarball says in one line how to run it", async () => {
  // The tarball the package suite packed (into target/npm-packs/), run by npx in an empty folder with an npm cache of its own (offline: the package has no dependency).
  const { version } = JSON.parse(await readFile(packageJson, "utf8"));
  const tarball = join(import.meta.dirname, "../../target/npm-packs", `magisterium-a2a-${version}.tgz`);
  const dir = await mkdtemp(join(tmpdir(), "mcp-without-sdk-"));
  try {
    const args = ["--offline", "--yes", "--cache", join(dir, "npm-cache"), "-p", tarball, "magisterium-a2a", "mcp"];
    const child = spawn("npx", args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let [stdout, stderr] = ["", ""];
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const [status] = await once(child, "exit");
    assert.deepEqual([status, stdout], [1, ""], stderr);
    assert.equal(stderr, "magisterium-a2a mcp needs @modelcontextprotocol/sdk installed beside it: run `npx -p magisterium-a2a -p @modelcontextprotocol/sdk magisterium-a2a mcp`\n");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
