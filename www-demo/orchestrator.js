// The orchestrator page (orchestrator.html): the AI SDK's streamText with a
// scripted model, Magisterium's tools and an A2A agent's skills as its tools.
// Bundled with `ai` by `cargo xtask demo` and the page suite (the package's
// entries stay imports, resolved by the page's import map). Everything an
// agent or the model says is shown as text only.
import init, { MagisteriumClient } from "magisterium-a2a";
import initAgents, { A2AClient } from "magisterium-a2a/agents";
import { agentTools, magisteriumTools } from "magisterium-a2a/tools";
import { aiSdkTools } from "magisterium-a2a/tools/ai";
import { stepCountIs, streamText } from "ai";
import { MockLanguageModelV4, convertArrayToReadableStream } from "ai/test";
import { loadDemoConfig } from "./config.js";

const panel = document.getElementById("orchestrator");
const form = panel.querySelector("form");
const stop = document.getElementById("stop");
const status = panel.querySelector(".status");
const calls = panel.querySelector(".calls");
const progress = panel.querySelector(".progress");
const answer = panel.querySelector(".answer");
const [endpointField, tokenField, agentField, keyField, modelField] = ["endpoint", "token", "agent", "model-key", "model-name"].map((id) => document.getElementById(id));

/** The agent's skill the scripted model calls (its tool's name, from the prefix given to agentTools). */
const STREAM_TOOL = "test_agent_stream";

const usage = { inputTokens: { total: 1 }, outputTokens: { total: 1 } };

/** A model that calls `ask` and the agent's stream, then sums up the tools' results: a stand-in for a real one. */
function scriptedModel(question) {
  const start = { type: "stream-start", warnings: [] };
  const finish = (unified) => ({ type: "finish", finishReason: { unified }, usage });
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const last = prompt.at(-1);
      if (last.role !== "tool") {
        const call = (id, toolName, input) => ({ type: "tool-call", toolCallId: id, toolName, input: JSON.stringify(input) });
        const parts = [start, call("ask-1", "ask", { question }), call("stream-1", STREAM_TOOL, { message: "stream", data: { chunks: 5, delayMs: 150 } }), finish("tool-calls")];
        return { stream: convertArrayToReadableStream(parts) };
      }
      const said = last.content.map((part) => `${part.toolName}: ${part.output.value.split("\n")[0]}`);
      const text = `Here is what the tools said.\n${said.join("\n")}`;
      const words = text.split(/(?<= )/).map((delta) => ({ type: "text-delta", id: "t", delta }));
      return { stream: convertArrayToReadableStream([start, { type: "text-start", id: "t" }, ...words, { type: "text-end", id: "t" }, finish("stop")]) };
    },
  });
}

/**
 * The model of this run: OpenAI's with the key given (it stays in this
 * page's memory and goes only to OpenAI; its provider loaded then), else the
 * scripted one.
 */
async function modelOf(question) {
  const apiKey = keyField.value.trim();
  if (!apiKey) return scriptedModel(question);
  const { createOpenAI } = await import("@ai-sdk/openai");
  return createOpenAI({ apiKey })(modelField.value.trim() || "gpt-4o-mini");
}

/** Appends a list item of `text` (as text) to `list`. */
function line(list, text) {
  const item = document.createElement("li");
  item.textContent = text;
  list.append(item);
  return item;
}

/** The tools of this run: Magisterium's (with the token) and the agent's (without). */
async function toolsOf() {
  const magisterium = magisteriumTools(new MagisteriumClient({ endpoint: endpointField.value, token: tokenField.value || undefined }));
  const agent = await A2AClient.discover(agentField.value);
  return [...magisterium, ...agentTools(agent, { prefix: "test agent" })];
}

let running = null;

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  running?.abort();
  const controller = new AbortController();
  running = controller;
  for (const list of [calls, progress]) list.replaceChildren();
  answer.textContent = "";
  panel.setAttribute("aria-busy", "true");
  stop.disabled = false;
  status.textContent = "Running…";
  try {
    const onProgress = ({ toolName, taskId, state, message }) =>
      line(progress, `${toolName} · ${state ?? "…"}${message ? ` · ${message}` : ""}${taskId ? ` · task ${taskId}` : ""}`);
    const tools = aiSdkTools(await toolsOf(), { onProgress });
    const result = streamText({ model: await modelOf(form.question.value), tools, stopWhen: stepCountIs(keyField.value.trim() ? 5 : 2), prompt: form.question.value, abortSignal: controller.signal });
    for await (const part of result.fullStream) {
      if (part.type === "tool-call") line(calls, `${part.toolName}(${JSON.stringify(part.input)})`);
      else if (part.type === "tool-result") line(calls, `${part.toolName} → ${part.output.text.split("\n")[0]}`).className = "result";
      else if (part.type === "tool-error") line(calls, `${part.toolName} failed: ${part.error?.message ?? part.error}`).className = "error";
      else if (part.type === "text-delta") answer.textContent += part.text ?? part.delta ?? "";
      else if (part.type === "abort") throw new DOMException("stopped", "AbortError");
      else if (part.type === "error") throw part.error;
    }
    status.textContent = "Done.";
  } catch (error) {
    status.textContent = controller.signal.aborted ? "Stopped (an agent task still running is canceled)." : `Failed: ${error?.message ?? error}`;
  } finally {
    panel.setAttribute("aria-busy", "false");
    stop.disabled = true;
    if (running === controller) running = null;
  }
});

stop.addEventListener("click", () => running?.abort());

const config = await loadDemoConfig();
endpointField.value = config.endpoint;
tokenField.value = config.token;
agentField.value = new URL("/agent", config.endpoint).href;
await Promise.all([init(), initAgents()]);
panel.dataset.ready = "true";
