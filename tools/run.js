// A skill's call, followed to its end: the stream when the agent streams
// (its events reported as progress, artifact chunks put together), else
// `sendMessage` then `waitForTask`. An abort ends the wait and cancels the
// remote task, best effort, with a signal of its own (never the aborted one).

import { ArtifactAssembly } from "./artifacts.js";
import { failure, result } from "./result.js";
import { clip, partsText } from "./text.js";

/** The states after which a task needs nothing more from its agent (or needs the caller). */
const SETTLED = new Set(["completed", "failed", "canceled", "rejected", "input-required", "auth-required"]);

/** How long the cancel after an abort may take. */
const CANCEL_TIMEOUT_MS = 5000;

/** The longest text of one progress report. */
const MAX_PROGRESS_TEXT = 500;

/**
 * Sends `input` (checked: `message`, `data`, `contextId`, `taskId`) to the
 * skill `skillId` of `client` and resolves with the result; `toolName` is
 * what the model calls to answer a question. `options`: the call's
 * `signal` and `onProgress`; `limits`: `max` (the result's bound) and the
 * wait's `timeoutMs` and `pollIntervalMs`.
 */
export async function runSkill(client, skillId, toolName, input, options, limits) {
  const parts = [{ kind: "text", text: input.message }];
  if (input.data) parts.push({ kind: "data", data: input.data });
  const params = { parts, skillId, contextId: input.contextId, taskId: input.taskId };
  const run = { taskId: undefined, settled: false };
  try {
    const follow = client.card?.capabilities?.streaming === true ? followStream : followPolls;
    const answer = await follow(client, params, run, options, limits);
    if (answer.kind === "message") return messageResult(answer, limits.max);
    if (answer.kind === "task") return taskResult(answer, toolName, limits.max);
    return failure("BAD_RESPONSE", "the agent's stream ended without a task or a message.", limits.max);
  } catch (error) {
    if (options.signal?.aborted && run.taskId && !run.settled) await cancelQuietly(client, run.taskId);
    throw error;
  }
}

/** `sendMessage`, then `waitForTask` unless the task has settled already: the agent's message, or the task as it ended. */
async function followPolls(client, params, run, { signal, onProgress }, limits) {
  const sent = await client.sendMessage(params, { signal });
  if (sent.kind === "message") return sent;
  run.taskId = sent.id;
  report(onProgress, 1, sent.id, sent.status, undefined);
  const task = SETTLED.has(sent.status.state)
    ? sent
    : await client.waitForTask(sent.id, { signal, timeoutMs: limits.timeoutMs, pollIntervalMs: limits.pollIntervalMs });
  run.settled = true;
  const artifacts = new ArtifactAssembly(4 * limits.max);
  artifacts.replaceWith(task.artifacts ?? []);
  return { kind: "task", id: task.id, contextId: task.contextId, status: task.status, artifacts };
}

/** The stream's events, each reported: the agent's message, or the task as it ended (waited for if the stream closed before), or `nothing`. */
async function followStream(client, params, run, { signal, onProgress }, limits) {
  const artifacts = new ArtifactAssembly(4 * limits.max);
  let status;
  let contextId;
  let message;
  let count = 0;
  for await (const event of client.sendMessageStream(params, { signal, timeoutMs: limits.timeoutMs })) {
    count += 1;
    if (event.kind === "message") message = event;
    else if (event.kind === "task") {
      [run.taskId, contextId, status] = [event.id, event.contextId, event.status];
      if (event.artifacts?.length) artifacts.replaceWith(event.artifacts);
    } else if (event.kind === "status-update") {
      [run.taskId, contextId, status] = [event.taskId, event.contextId, event.status];
    } else if (event.kind === "artifact-update") {
      run.taskId ??= event.taskId;
      artifacts.add(event.artifact, event.append);
    }
    report(onProgress, count, run.taskId, status, event.kind === "artifact-update" ? event.artifact : undefined);
  }
  if (run.taskId === undefined) return message ?? { kind: "nothing" };
  if (!SETTLED.has(status?.state)) {
    const task = await client.waitForTask(run.taskId, { signal, timeoutMs: limits.timeoutMs, pollIntervalMs: limits.pollIntervalMs });
    [contextId, status] = [task.contextId, task.status];
    if (task.artifacts?.length) artifacts.replaceWith(task.artifacts);
  }
  run.settled = true;
  return { kind: "task", id: run.taskId, contextId, status, artifacts };
}

/** Tells `onProgress` (when given) the events seen so far, the task and its state, and its latest words (a status message, or an artifact chunk's text). */
function report(onProgress, progress, taskId, status, artifact) {
  if (!onProgress) return;
  const words = artifact ? partsText(artifact.parts) : partsText(status?.message?.parts);
  onProgress({ progress, taskId, state: status?.state, message: clip(words, MAX_PROGRESS_TEXT) || undefined });
}

/** Cancels the task, ignoring every error: the caller has gone already. */
async function cancelQuietly(client, taskId) {
  try {
    await client.cancelTask(taskId, { signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS), timeoutMs: CANCEL_TIMEOUT_MS });
  } catch {
    // Best effort: the task may have ended, or the agent may not cancel.
  }
}

/** An agent's message answer: its text (data parts as JSON), and its data parts. */
function messageResult(message, max) {
  const data = message.parts.filter((part) => part?.kind === "data").map((part) => part.data);
  const fields = typeof message.contextId === "string" ? { contextId: message.contextId } : {};
  return result(partsText(message.parts), data.length ? { data } : undefined, max, fields);
}

/** A task as it ended: its artifacts, the agent's question, or a failure the model reads. */
function taskResult(task, toolName, max) {
  const { id: taskId, contextId, status, artifacts } = task;
  const state = status?.state;
  const fields = { taskId, contextId, state };
  const said = clip(partsText(status?.message?.parts), max);
  if (state === "completed") {
    const cut = artifacts.cut ? "\n[the agent sent more than the limit: the rest was left out]" : "";
    const body = (artifacts.size ? artifacts.text() : said || "The task completed without artifacts.") + cut;
    const data = artifacts.data();
    const text = `${body}\n\n[taskId ${taskId}; to continue this conversation, pass contextId ${contextId}]`;
    return result(text, data.length ? { data } : undefined, max, artifacts.cut ? { ...fields, truncated: true } : fields);
  }
  if (state === "input-required") {
    const question = said || "(the agent asked for more input without saying what)";
    const how = `To answer, call ${toolName} again with your answer as "message", "taskId": "${taskId}" and "contextId": "${contextId}".`;
    return result(`The agent asks: ${question}\n${how}`, undefined, max, fields);
  }
  if (state === "auth-required") return failure("UNAUTHORIZED", `the agent needs authorization to go on with task ${taskId}. ${said}`, max, fields);
  if (state === "failed" || state === "rejected" || state === "canceled") {
    return failure("TASK_FAILED", `the agent's task was ${state}${said ? `: ${said}` : "."}`, max, fields);
  }
  return failure("BAD_RESPONSE", `the task ended in the state "${clip(String(state), 40)}".`, max, fields);
}
