// magisterium-a2a/tools from the installed package: an agent's skills as
// tools (the simulator's streaming test agent, the SDK fixture agent, and
// Magisterium's card through A2AClient), Magisterium's precise tools, the
// bounds of names, descriptions and results on a hostile card, aborts that
// cancel the remote task, failures the model reads, and an agent that is down.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { once } from "node:events";
import init, { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";
import { agentTools, magisteriumTools, toolsOnFirstUse, MAX_NAME, DEFAULT_MAX_RESULT_CHARS } from "magisterium-a2a/tools";
import { agentUrl, endpoint, freshToken, simulator, token } from "./harness.mjs";

await init();

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const byName = (tools, suffix) => tools.find((tool) => tool.name.endsWith(suffix)) ?? assert.fail(`no tool ending ${suffix}`);

/** The client with a card that says it does not stream: the tool polls instead (`waitForTask`). */
function notStreaming(client) {
  const card = { ...client.card, capabilities: { ...client.card.capabilities, streaming: false } };
  return new Proxy(client, { get: (target, key) => (key === "card" ? card : typeof target[key] === "function" ? target[key].bind(target) : target[key]) });
}

/** Polls `getTask` until the task is in `state` (the cancel after an abort is sent before the run rejects). */
async function stateOf(client, taskId) {
  return (await client.getTask(taskId)).status.state;
}

test("the streaming test agent: a tool per skill, the stream's chunks put together, progress, a message answer", async () => {
  const agent = await A2AClient.discover(`${simulator}/agent`);
  const tools = agentTools(agent);
  assert.equal(MAX_NAME, 64);
  assert.equal(tools.length, agent.card.skills.length);
  for (const tool of tools) {
    assert.match(tool.name, NAME);
    assert.ok(tool.description.length > 0 && tool.description.length <= 1024);
    assert.deepEqual(tool.inputSchema.required, ["message"]);
    assert.deepEqual(Object.keys(tool.inputSchema.properties), ["message", "data", "contextId", "taskId"]);
  }
  assert.equal(new Set(tools.map((tool) => tool.name)).size, tools.length);
  const progress = [];
  const streamed = await byName(tools, "_stream").execute({ message: "stream", data: { chunks: 3, delayMs: 20 } }, { onProgress: (p) => progress.push(p) });
  assert.equal(streamed.isError, false);
  assert.equal(streamed.state, "completed");
  assert.match(streamed.text, /^chunk 0\nchunk 1\nchunk 2\n\n\[taskId /);
  assert.ok(streamed.text.includes(`contextId ${streamed.contextId}`));
  assert.deepEqual(progress.map((p) => p.progress), progress.map((_, i) => i + 1), "progress counts up");
  assert.ok(progress.length >= 5, `events reported: ${progress.length}`);
  assert.deepEqual(progress.filter((p) => p.message?.startsWith("chunk")).map((p) => p.message), ["chunk 0", "chunk 1", "chunk 2"]);
  const echoed = await byName(tools, "_echo").execute(JSON.stringify({ message: "echo hi", data: { n: 1 } }));
  assert.equal(echoed.text.split("\n\n")[0], 'echo hi\n{"n":1}');
  assert.deepEqual(echoed.data, { data: [{ n: 1 }] });
  const replied = await byName(tools, "_reply").execute({ message: "hello" });
  assert.deepEqual([replied.isError, replied.text, replied.taskId], [false, "You said: hello", undefined]);
});

test("the fixture agent: input-required asks back with the task id, the answer goes on; failed is a tool error", async () => {
  const agent = await A2AClient.discover(agentUrl);
  for (const client of [agent, notStreaming(agent)]) {
    const tools = agentTools(client, { prefix: "fixture" });
    const asked = await byName(tools, "_ask_back").execute({ message: "ask-back" });
    assert.deepEqual([asked.isError, asked.state], [false, "input-required"]);
    assert.match(asked.text, /^The agent asks: Which diocese do you mean\?\nTo answer, call fixture_ask_back again/);
    assert.ok(asked.text.includes(`"taskId": "${asked.taskId}"`));
    // The answer goes to the same task (this fixture's skill asks again, whatever it is told).
    const answered = await byName(tools, "_ask_back").execute({ message: "Lyon", taskId: asked.taskId, contextId: asked.contextId });
    assert.deepEqual([answered.state, answered.taskId, answered.contextId], ["input-required", asked.taskId, asked.contextId]);
    const failed = await byName(tools, "_fail").execute({ message: "fail" });
    assert.deepEqual([failed.isError, failed.code, failed.state], [true, "TASK_FAILED", "failed"]);
    assert.equal(failed.text, "TASK_FAILED: the agent's task was failed: the fail skill always fails");
  }
});

test("an abort ends the wait and cancels the remote task, streaming or polling", async () => {
  const agent = await A2AClient.discover(agentUrl);
  for (const client of [agent, notStreaming(agent)]) {
    const slow = byName(agentTools(client), "_slow");
    const controller = new AbortController();
    let taskId;
    const running = slow.execute({ message: "slow", data: { delayMs: 30_000 } }, {
      signal: controller.signal,
      onProgress: (p) => {
        taskId ??= p.taskId;
        if (taskId) controller.abort(new Error("the user stopped"));
      },
    });
    const error = await running.then(() => assert.fail("expected a rejection"), (e) => e);
    assert.equal(error.code, "ABORTED", `${error}`);
    assert.ok(taskId, "the run reported its task");
    assert.equal(await stateOf(agent, taskId), "canceled", "the cancel was sent before the run rejected");
  }
});

test("Magisterium's card through A2AClient: its skills as tools of an agent that does not stream", async () => {
  const agent = await A2AClient.discover(simulator, { token });
  const tools = agentTools(agent, { skills: ["catholic_qa", "document_search"] });
  assert.equal(tools.length, 2);
  const answer = await tools[0].execute({ message: "What is grace?" });
  assert.deepEqual([answer.isError, answer.state], [false, "completed"]);
  assert.match(answer.text, /grace/i);
});

test("Magisterium's tools: an answer with numbered sources, documents found and read, a day's readings and saints", async () => {
  const client = new MagisteriumClient({ token, endpoint });
  const tools = magisteriumTools(client);
  assert.deepEqual(tools.map((tool) => tool.name), ["ask", "search_documents", "fetch_document", "mass_readings", "saints_of_the_day"]);
  const [ask, search, fetchDocument, readings, saints] = tools;
  assert.match(readings.inputSchema.properties.date.description, /YYYY-MM-DD/);
  const answer = await ask.execute({ question: "What is grace?" });
  assert.equal(answer.isError, false);
  assert.match(answer.text, /\n\nSources:\n\[1\] /);
  assert.ok(answer.data.citations.length > 0 && !("raw" in answer.data.citations[0]));
  assert.ok(answer.text.endsWith(`[contextId for a follow-up: ${answer.contextId}]`));
  const followUp = await ask.execute({ question: "And sanctifying grace?", contextId: answer.contextId });
  assert.equal(followUp.contextId, answer.contextId);
  const found = await search.execute({ query: "baptism" });
  assert.match(found.text, /^\d+ documents:\n- /);
  const [first] = found.data.results;
  const read = await fetchDocument.execute({ id: first.id });
  assert.ok(read.text.startsWith(first.title), read.text.slice(0, 80));
  assert.equal(read.data.id, first.id);
  const missing = await fetchDocument.execute({ id: "no-such-document" });
  assert.equal(missing.text, 'No document has the id "no-such-document".');
  for (const tool of [readings, saints]) {
    for (const date of ["2026-12-25", "next Sunday"]) {
      const day = await tool.execute({ date });
      assert.equal(day.isError, false, `${tool.name} ${date}: ${day.text}`);
      assert.ok(day.text.length > 20, day.text);
    }
  }
});

test("failures the model reads: a rate limit with its retry delay, wrong arguments, an unknown tool name", async () => {
  const limited = await freshToken({ rateExpensive: "1/60s" });
  const [ask] = magisteriumTools(new MagisteriumClient({ token: limited, endpoint, maxRetryWaitMs: 1 }));
  await ask.execute({ question: "What is grace?" });
  const refused = await ask.execute({ question: "What is grace?" });
  assert.deepEqual([refused.isError, refused.code], [true, "RATE_LIMITED"]);
  assert.ok(Number.isInteger(refused.retryAfter) && refused.retryAfter >= 1, `retryAfter ${refused.retryAfter}`);
  assert.ok(refused.text.startsWith("RATE_LIMITED: ") && refused.text.endsWith(`Try again in ${refused.retryAfter} s.`), refused.text);
  for (const [input, problem] of [
    [{}, '"question" is required'],
    [{ question: 7 }, '"question" must be a string'],
    [{ question: "x".repeat(4001) }, '"question" is longer than 4000 characters'],
    [{ question: "x", token: "stolen" }, 'unknown argument "token"'],
    ["{not json", "the arguments are not JSON"],
    [[1], "the arguments must be a JSON object"],
  ]) {
    const wrong = await ask.execute(input);
    assert.deepEqual([wrong.isError, wrong.code], [true, "INVALID_INPUT"]);
    assert.ok(wrong.text.startsWith(`INVALID_INPUT: ${problem}`), wrong.text);
  }
});

test("results are bounded, and say so when cut", async () => {
  const client = new MagisteriumClient({ token, endpoint });
  const { data } = await magisteriumTools(client)[1].execute({ query: "baptism" });
  const fetchDocument = magisteriumTools(client, { maxResultChars: 300 })[2];
  const read = await fetchDocument.execute({ id: data.results[0].id });
  assert.equal(read.truncated, true);
  assert.ok(read.text.length <= 300, `${read.text.length} characters`);
  assert.match(read.text, /\n\[cut: the first 200 of \d+ characters are shown\]$/);
  assert.equal(DEFAULT_MAX_RESULT_CHARS, 20_000);
  assert.throws(() => magisteriumTools(client, { maxResultChars: 10 }), TypeError);
});

/** A client stand-in with `card` (agentTools reads only the card until a tool runs). */
const withCard = (card, methods = {}) => ({ card, ...methods });

test("a hostile card still yields valid, bounded, unique tools", async () => {
  const odd = "Ünïcødé \u0000\u202e<script>alert(1)</script> 🙏 名前 ../../etc";
  const skills = [
    { id: "x".repeat(500), name: "y".repeat(500), description: "d".repeat(1024 * 1024), tags: Array(10_000).fill("t".repeat(1000)), examples: Array(1000).fill("e".repeat(10_000)) },
    { id: odd, name: odd, description: `${odd}\u0007\u001b[31m`, tags: [odd, 7, null], examples: "not a list" },
    { id: "dup", name: "Same" },
    { id: "dup", name: "Other" },
    { id: "same-name-1", name: "Same" },
    { id: "same-name-2", name: "Same" },
    { id: "!!!", name: "!!!" },
    { id: 42, name: "not a string id" },
    ...Array.from({ length: 200 }, (_, i) => ({ id: `many-${i}`, name: "Many" })),
  ];
  const tools = agentTools(withCard({ name: "A".repeat(10_000) + odd, capabilities: {}, skills }));
  assert.equal(tools.length, 64, "at most 64 tools from one card");
  const names = tools.map((tool) => tool.name);
  assert.equal(new Set(names).size, names.length, `unique: ${names}`);
  for (const tool of tools) {
    assert.match(tool.name, NAME);
    assert.ok(tool.description.length <= 1024, `${tool.name}: ${tool.description.length}`);
    assert.doesNotMatch(tool.description, /[\u0000-\u0008\u000b-\u001f\u007f\u202e\u2066]/);
  }
  assert.equal(tools.filter((tool) => tool.name.includes("other")).length, 0, "a repeated id is one tool");
  assert.ok(names.includes("agent_skill") || names.some((n) => n.endsWith("_skill")), `a name with nothing left: ${names.slice(0, 8)}`);
  // Against another agent's names too (one server, several agents).
  const taken = new Set(names);
  const again = agentTools(withCard({ name: "A".repeat(10_000) + odd, capabilities: {}, skills: skills.slice(2, 4) }), { taken });
  assert.ok(again.every((tool) => !names.includes(tool.name) && NAME.test(tool.name)));
  // A real card of the kind, discovered from a server of the test's own (under the card's 1 MiB bound).
  const card = { name: odd, url: "http://127.0.0.1:1/a2a", protocolVersion: "0.3.0", version: "1", capabilities: {}, defaultInputModes: ["text"], defaultOutputModes: ["text"], skills: [skills[1], skills[2], skills[3], { ...skills[0], description: "d".repeat(900 * 1024), tags: [], examples: [] }] };
  const server = createServer((request, response) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(card)));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const discovered = await A2AClient.discover(`http://127.0.0.1:${server.address().port}`);
    const real = agentTools(discovered);
    assert.equal(real.length, 3);
    assert.ok(real.every((tool) => NAME.test(tool.name) && tool.description.length <= 1024));
  } finally {
    server.close();
  }
});

test("a stream of chunks past the bound is cut as it comes, and says so", async () => {
  const chunk = "z".repeat(1024);
  const client = withCard({ name: "Flood", capabilities: { streaming: true }, skills: [{ id: "flood", name: "Flood" }] }, {
    async *sendMessageStream() {
      yield { kind: "task", id: "t", contextId: "c", status: { state: "submitted" } };
      for (let i = 0; i < 2000; i += 1) {
        yield { kind: "artifact-update", taskId: "t", contextId: "c", artifact: { artifactId: "a", parts: [{ kind: "text", text: chunk }] }, append: i > 0, lastChunk: false };
      }
      yield { kind: "status-update", taskId: "t", contextId: "c", status: { state: "completed" }, final: true };
    },
  });
  const [flood] = agentTools(client, { maxResultChars: 5000 });
  const flooded = await flood.execute({ message: "go" });
  assert.deepEqual([flooded.isError, flooded.truncated], [false, true]);
  assert.ok(flooded.text.length <= 5000, `${flooded.text.length}`);
  assert.match(flooded.text, /\[cut: the first 4900 of \d+ characters are shown\]$/);
});

test("an agent that is down fails its own tools only, and is tried again", async () => {
  // A base whose card is refused until `up`, then the simulator's test agent's card (its endpoint the simulator's).
  let up = false;
  const card = await (await fetch(`${simulator}/agent/.well-known/agent-card.json`)).text();
  const server = createServer((request, response) => {
    if (!up) return response.writeHead(503).end();
    response.writeHead(200, { "content-type": "application/json" }).end(card);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const url = `http://127.0.0.1:${server.address().port}`;
    let changes = 0;
    const taken = new Set(["ask"]);
    const source = toolsOnFirstUse(url, () => A2AClient.discover(url, { maxRetries: 0 }), { taken, onChange: () => (changes += 1) });
    const [standIn] = await source.list();
    assert.equal(standIn.name, `127_0_0_1_${server.address().port}_unavailable`);
    assert.match(standIn.description, /could not be reached \(BAD_RESPONSE\)/);
    const tried = await standIn.execute({});
    assert.deepEqual([tried.isError, tried.code, changes], [true, "BAD_RESPONSE", 0]);
    assert.equal((await source.list())[0].name, standIn.name, "the same stand-in while it is down");
    up = true;
    const found = await standIn.execute({});
    assert.deepEqual([found.isError, changes], [false, 1]);
    const tools = await source.list();
    assert.ok(found.text.includes(tools.map((tool) => tool.name).join(", ")), found.text);
    const echoed = await byName(tools, "_echo").execute({ message: "echo back" });
    assert.equal(echoed.text.split("\n\n")[0], "echo back");
  } finally {
    server.close();
  }
});
