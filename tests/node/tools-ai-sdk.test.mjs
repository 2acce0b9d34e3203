// magisterium-a2a/tools/ai with the Vercel AI SDK's own mock language models
// (`ai/test`), both majors (`ai` 7 and `ai-6`, an alias of `ai@6`): the model
// calls Magisterium's `ask` and the simulator's streaming test agent, the
// next step's prompt holds their results; a failed task reaches the model as
// the tool's error; streamText reports the task's progress; an abort of the
// generation cancels the remote task.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import init, { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";
import { agentTools, magisteriumTools } from "magisterium-a2a/tools";
import { ToolError, aiSdkTools } from "magisterium-a2a/tools/ai";
import { agentUrl, endpoint, simulator, token } from "./harness.mjs";

await init();

const MAJORS = [
  ["ai", "MockLanguageModelV4"],
  ["ai-6", "MockLanguageModelV3"],
];

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const finish = (unified) => ({ unified, raw: undefined });
const call = (toolCallId, toolName, input) => ({ type: "tool-call", toolCallId, toolName, input: JSON.stringify(input) });

/** The tool results of the last message of a prompt, by call id: the text the model reads. */
function resultsOf(prompt) {
  const last = prompt.at(-1);
  assert.equal(last.role, "tool");
  return Object.fromEntries(last.content.map((part) => [part.toolCallId, part.output]));
}

async function toolSet(options) {
  const magisterium = magisteriumTools(new MagisteriumClient({ token, endpoint }));
  const testAgent = agentTools(await A2AClient.discover(`${simulator}/agent`), { prefix: "test agent" });
  const fixture = agentTools(await A2AClient.discover(agentUrl), { prefix: "fixture" });
  return aiSdkTools([...magisterium, ...testAgent, ...fixture], options);
}

for (const [pkg, mockName] of MAJORS) {
  const ai = await import(pkg);
  const { [mockName]: Mock, convertArrayToReadableStream } = await import(`${pkg}/test`);

  test(`${pkg}: generateText runs the model's tool calls; the next step sees the answers and a failure`, async () => {
    const tools = await toolSet();
    const prompts = [];
    const model = new Mock({
      doGenerate: async ({ prompt, tools: offered }) => {
        prompts.push(prompt);
        if (prompts.length === 1) {
          assert.ok(offered.some((tool) => tool.name === "ask" && tool.inputSchema.required[0] === "question"));
          return {
            content: [
              call("c1", "ask", { question: "What is grace?" }),
              call("c2", "test_agent_stream", { message: "stream", data: { chunks: 3, delayMs: 10 } }),
              call("c3", "fixture_fail", { message: "fail" }),
            ],
            finishReason: finish("tool-calls"),
            usage,
            warnings: [],
          };
        }
        return { content: [{ type: "text", text: "Grace is a gift [1]." }], finishReason: finish("stop"), usage, warnings: [] };
      },
    });
    const result = await ai.generateText({ model, tools, stopWhen: ai.stepCountIs(3), prompt: "Tell me about grace." });
    assert.equal(result.text, "Grace is a gift [1].");
    const seen = resultsOf(prompts[1]);
    assert.equal(seen.c1.type, "text");
    assert.match(seen.c1.value, /\n\nSources:\n\[1\] /);
    assert.match(seen.c2.value, /^chunk 0\nchunk 1\nchunk 2\n/);
    assert.equal(seen.c3.type, "error-text");
    // ai 7 shows the model the error as `${name}: ${message}`, ai 6 its message.
    const named = pkg === "ai" ? "ToolError: " : "";
    assert.equal(seen.c3.value, `${named}TASK_FAILED: the agent's task was failed: the fail skill always fails`);
    const failed = result.steps[0].content.find((part) => part.type === "tool-error");
    assert.ok(failed.error instanceof ToolError);
    assert.deepEqual([failed.error.code, failed.error.result.state], ["TASK_FAILED", "failed"]);
  });

  test(`${pkg}: streamText reports the streaming agent's progress, and its result`, async () => {
    const progress = [];
    const tools = await toolSet({ onProgress: (p) => progress.push(p) });
    let step = 0;
    const model = new Mock({
      doStream: async () => {
        step += 1;
        const parts =
          step === 1
            ? [{ type: "stream-start", warnings: [] }, call("s1", "test_agent_stream", { message: "stream", data: { chunks: 4, delayMs: 10 } }), { type: "finish", finishReason: finish("tool-calls"), usage }]
            : [{ type: "stream-start", warnings: [] }, { type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: "Done." }, { type: "text-end", id: "t" }, { type: "finish", finishReason: finish("stop"), usage }];
        return { stream: convertArrayToReadableStream(parts) };
      },
    });
    const stream = ai.streamText({ model, tools, stopWhen: ai.stepCountIs(3), prompt: "Stream." });
    const kinds = [];
    for await (const part of stream.fullStream) kinds.push(part.type === "tool-result" ? [part.type, part.output.text.split("\n\n")[0]] : part.type);
    assert.deepEqual(kinds.find((kind) => Array.isArray(kind)), ["tool-result", "chunk 0\nchunk 1\nchunk 2\nchunk 3"]);
    assert.equal(await stream.text, "Done.");
    assert.ok(progress.every((p) => p.toolName === "test_agent_stream" && p.toolCallId === "s1"));
    assert.deepEqual(progress.filter((p) => p.message?.startsWith("chunk")).map((p) => p.message), ["chunk 0", "chunk 1", "chunk 2", "chunk 3"]);
  });

  test(`${pkg}: aborting the generation cancels the agent's task`, async () => {
    const controller = new AbortController();
    let taskId;
    const tools = await toolSet({
      onProgress: (p) => {
        taskId ??= p.taskId;
        if (taskId) controller.abort();
      },
    });
    const model = new Mock({
      doGenerate: async () => ({ content: [call("a1", "fixture_slow", { message: "slow", data: { delayMs: 30_000 } })], finishReason: finish("tool-calls"), usage, warnings: [] }),
    });
    await assert.rejects(ai.generateText({ model, tools, stopWhen: ai.stepCountIs(2), prompt: "Slow.", abortSignal: controller.signal }));
    assert.ok(taskId);
    const agent = await A2AClient.discover(agentUrl);
    assert.equal((await agent.getTask(taskId)).status.state, "canceled");
  });
}

test("aiSdkTools is typed as both majors' ToolSet, for generateText and streamText (tsc, strict)", async () => {
  const dir = await mkdtemp(join(import.meta.dirname, ".tools-types-"));
  try {
    const check = `import { generateText, streamText, type ToolSet } from "ai";
import { generateText as generateText6, type ToolSet as ToolSet6 } from "ai-6";
import { MockLanguageModelV4 } from "ai/test";
import { MockLanguageModelV3 } from "ai-6/test";
import type { A2ATool } from "magisterium-a2a/tools";
import { aiSdkTools } from "magisterium-a2a/tools/ai";
declare const tools: A2ATool[];
const set: ToolSet = aiSdkTools(tools);
const set6: ToolSet6 = aiSdkTools(tools, { onProgress: (p) => void p.toolCallId });
await generateText({ model: new MockLanguageModelV4(), tools: aiSdkTools(tools), prompt: "x" });
streamText({ model: new MockLanguageModelV4(), tools: aiSdkTools(tools), prompt: "x" });
await generateText6({ model: new MockLanguageModelV3(), tools: aiSdkTools(tools), prompt: "x" });
// @ts-expect-error the set's tools are the adapter's, not strings
const wrong: Record<string, string> = aiSdkTools(tools);
void [set, set6, wrong];
`;
    // skipLibCheck: the AI SDK's own declarations are its business; ours are checked by the types suite.
    const options = { strict: true, skipLibCheck: true, noEmit: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", exactOptionalPropertyTypes: true, types: [] };
    await writeFile(join(dir, "check.mts"), check);
    await writeFile(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: ["check.mts"] }));
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const run = spawnSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
