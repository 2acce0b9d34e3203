// magisterium-a2a/tools/openai and /anthropic with the official SDKs
// (`openai`, `@anthropic-ai/sdk`) pointed at a stub of the test's own that
// replays a model: the first request gets tool calls (Magisterium's `ask`,
// the streaming test agent, a failing fixture skill), the second must carry
// each call's result in the API's shape, and gets the final text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { once } from "node:events";
import OpenAI from "openai";
import Anthropic from "@anthropic-ai/sdk";
import init, { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";
import { agentTools, magisteriumTools } from "magisterium-a2a/tools";
import { chatCompletionsTools, responsesTools, runToolCall } from "magisterium-a2a/tools/openai";
import { anthropicTools, runToolUse } from "magisterium-a2a/tools/anthropic";
import { agentUrl, endpoint, simulator, token } from "./harness.mjs";

await init();

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const CALLS = [
  ["ask", { question: "What is grace?" }],
  ["test_agent_stream", { message: "stream", data: { chunks: 2, delayMs: 10 } }],
  ["fixture_fail", { message: "fail" }],
];

async function allTools() {
  return [
    ...magisteriumTools(new MagisteriumClient({ token, endpoint })),
    ...agentTools(await A2AClient.discover(`${simulator}/agent`), { prefix: "test agent" }),
    ...agentTools(await A2AClient.discover(agentUrl), { prefix: "fixture" }),
  ];
}

/** A stub model: `answer(path, body, turn)` gives each request's JSON answer; the requests' bodies are kept. */
async function stub(answer) {
  const requests = [];
  const server = createServer(async (request, response) => {
    let text = "";
    for await (const chunk of request) text += chunk;
    const body = JSON.parse(text);
    requests.push({ path: request.url, body });
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer(request.url, body, requests.length)));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { url: `http://127.0.0.1:${server.address().port}`, requests, close: () => server.close() };
}

/** Checks a tool result's text for call `i` of CALLS. */
function checkResult(i, text) {
  if (i === 0) assert.match(text, /\n\nSources:\n\[1\] /);
  if (i === 1) assert.match(text, /^chunk 0\nchunk 1\n/);
  if (i === 2) assert.equal(text, "TASK_FAILED: the agent's task was failed: the fail skill always fails");
}

test("OpenAI Chat Completions: function tools, the model's calls run, their tool messages sent back", async () => {
  const tools = await allTools();
  const model = await stub((path, body, turn) => {
    assert.equal(path, "/v1/chat/completions");
    const message =
      turn === 1
        ? { role: "assistant", content: null, tool_calls: CALLS.map(([name, args], i) => ({ id: `call_${i}`, type: "function", function: { name, arguments: JSON.stringify(args) } })) }
        : { role: "assistant", content: "Answered." };
    return { id: `chatcmpl-${turn}`, object: "chat.completion", created: 0, model: "stub", choices: [{ index: 0, message, finish_reason: turn === 1 ? "tool_calls" : "stop", logprobs: null }] };
  });
  try {
    const openai = new OpenAI({ apiKey: "stub-key", baseURL: `${model.url}/v1`, maxRetries: 0 });
    const messages = [{ role: "user", content: "Tell me about grace." }];
    const definitions = chatCompletionsTools(tools);
    const first = await openai.chat.completions.create({ model: "stub", messages, tools: definitions });
    const asked = first.choices[0].message;
    messages.push(asked, ...(await Promise.all(asked.tool_calls.map((toolCall) => runToolCall(tools, toolCall)))));
    const second = await openai.chat.completions.create({ model: "stub", messages, tools: definitions });
    assert.equal(second.choices[0].message.content, "Answered.");
    const sent = model.requests[0].body.tools;
    assert.ok(sent.every((tool) => tool.type === "function" && NAME.test(tool.function.name) && tool.function.parameters.type === "object"));
    const answers = model.requests[1].body.messages.slice(2);
    assert.deepEqual(answers.map((m) => [m.role, m.tool_call_id]), CALLS.map((_, i) => ["tool", `call_${i}`]));
    answers.forEach((m, i) => checkResult(i, m.content));
  } finally {
    model.close();
  }
});

test("OpenAI Responses: function tools, function_call items run, function_call_output items sent back", async () => {
  const tools = await allTools();
  const model = await stub((path, body, turn) => {
    assert.equal(path, "/v1/responses");
    const output =
      turn === 1
        ? CALLS.map(([name, args], i) => ({ type: "function_call", id: `fc_${i}`, call_id: `call_${i}`, name, arguments: JSON.stringify(args), status: "completed" }))
        : [{ type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Answered.", annotations: [] }] }];
    return { id: `resp_${turn}`, object: "response", created_at: 0, status: "completed", model: "stub", output, parallel_tool_calls: true, tools: [], tool_choice: "auto" };
  });
  try {
    const openai = new OpenAI({ apiKey: "stub-key", baseURL: `${model.url}/v1`, maxRetries: 0 });
    const definitions = responsesTools(tools);
    const first = await openai.responses.create({ model: "stub", input: "Tell me about grace.", tools: definitions });
    const outputs = await Promise.all(first.output.filter((item) => item.type === "function_call").map((item) => runToolCall(tools, item)));
    const second = await openai.responses.create({ model: "stub", input: [...first.output, ...outputs], tools: definitions });
    assert.equal(second.output_text, "Answered.");
    assert.ok(model.requests[0].body.tools.every((tool) => tool.type === "function" && NAME.test(tool.name) && tool.parameters.type === "object"));
    const answers = model.requests[1].body.input.filter((item) => item.type === "function_call_output");
    assert.deepEqual(answers.map((item) => item.call_id), ["call_0", "call_1", "call_2"]);
    answers.forEach((item, i) => checkResult(i, item.output));
  } finally {
    model.close();
  }
});

test("Anthropic Messages: tools, tool_use blocks run, tool_result blocks sent back (is_error on the failure)", async () => {
  const tools = await allTools();
  const model = await stub((path, body, turn) => {
    assert.equal(path, "/v1/messages");
    const content =
      turn === 1
        ? CALLS.map(([name, input], i) => ({ type: "tool_use", id: `toolu_${i}`, name, input }))
        : [{ type: "text", text: "Answered." }];
    return { id: `msg_${turn}`, type: "message", role: "assistant", model: "stub", content, stop_reason: turn === 1 ? "tool_use" : "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
  });
  try {
    const anthropic = new Anthropic({ apiKey: "stub-key", baseURL: model.url, maxRetries: 0 });
    const definitions = anthropicTools(tools);
    const messages = [{ role: "user", content: "Tell me about grace." }];
    const first = await anthropic.messages.create({ model: "stub", max_tokens: 100, messages, tools: definitions });
    const uses = first.content.filter((block) => block.type === "tool_use");
    messages.push({ role: "assistant", content: first.content }, { role: "user", content: await Promise.all(uses.map((block) => runToolUse(tools, block))) });
    const second = await anthropic.messages.create({ model: "stub", max_tokens: 100, messages, tools: definitions });
    assert.equal(second.content[0].text, "Answered.");
    assert.ok(model.requests[0].body.tools.every((tool) => NAME.test(tool.name) && tool.input_schema.type === "object" && tool.description.length <= 1024));
    const results = model.requests[1].body.messages[2].content;
    assert.deepEqual(results.map((block) => [block.type, block.tool_use_id, block.is_error]), [
      ["tool_result", "toolu_0", undefined],
      ["tool_result", "toolu_1", undefined],
      ["tool_result", "toolu_2", true],
    ]);
    results.forEach((block, i) => checkResult(i, block.content));
  } finally {
    model.close();
  }
});

test("an unknown tool name and arguments that are not JSON are results the model reads", async () => {
  const tools = await allTools();
  const unknown = await runToolCall(tools, { id: "x", type: "function", function: { name: "nope", arguments: "{}" } });
  assert.match(unknown.content, /^INVALID_INPUT: no tool is named "nope"; the tools are ask, search_documents, /);
  const broken = await runToolUse(tools, { type: "tool_use", id: "y", name: "ask", input: "{oops" });
  assert.deepEqual([broken.is_error, broken.content], [true, "INVALID_INPUT: the arguments are not JSON."]);
});
