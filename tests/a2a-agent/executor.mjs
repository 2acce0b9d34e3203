// The fixture agent's logic, an `AgentExecutor` of @a2a-js/sdk 0.3 (its
// messages and events in the v0.3 shape; `tests/a2a-agent-v1/adapter.mjs`
// runs it on the 1.x SDK). The skill is `message.metadata.skillId`, else the
// first word of the text; an unknown skill ends `rejected`.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

/** The default time a `slow` task works, in milliseconds. */
const SLOW_DEFAULT_MS = 2000;

/** The default number of chunks a `stream` task sends, and the default pause between them in milliseconds. */
const STREAM_DEFAULTS = { chunks: 3, delayMs: 50 };

/** The text parts of a message, joined by spaces. */
const textOf = (message) => message.parts.filter((p) => p.kind === "text").map((p) => p.text).join(" ");

/** An agent message with one text part. */
const agentMessage = (context, text) => ({
  kind: "message", role: "agent", messageId: randomUUID(), parts: [{ kind: "text", text }],
  taskId: context.taskId, contextId: context.contextId,
});

/** The task of `context` in `state` (the user's message as its history). */
const task = (context, state, extra = {}) => ({
  kind: "task", id: context.taskId, contextId: context.contextId,
  status: { state, timestamp: new Date().toISOString() }, history: [context.userMessage], ...extra,
});

/** A status update to `state` (`final` unless told otherwise), with an agent message when `text` is given. */
const statusUpdate = (context, state, text, final = true) => ({
  kind: "status-update", taskId: context.taskId, contextId: context.contextId, final,
  status: { state, timestamp: new Date().toISOString(), ...(text ? { message: agentMessage(context, text) } : {}) },
});

/** A final status update to `state`, with an agent message when `text` is given. */
const finalStatus = (context, state, text) => statusUpdate(context, state, text);

/** The skill a message asks for. */
function skillOf(message) {
  const named = message.metadata?.skillId;
  return typeof named === "string" ? named : textOf(message).trim().split(/\s+/)[0];
}

/** The number `key` of the first data part that has one, else `fallback`. */
function numberOf(message, key, fallback) {
  const data = message.parts.find((p) => p.kind === "data" && Number.isFinite(p.data?.[key]));
  return data ? data.data[key] : fallback;
}

/** Runs the skills; `slow` tasks can be canceled while they work. */
export class FixtureExecutor {
  /** Working `slow` tasks: id → `{ context, stop }`, `stop` ending its wait. */
  #working = new Map();

  async execute(context, bus) {
    const { userMessage } = context;
    const finish = (...events) => {
      for (const event of events) bus.publish(event);
      bus.finished();
    };
    switch (skillOf(userMessage)) {
      case "echo": {
        const artifact = { artifactId: randomUUID(), name: "echo", parts: [{ kind: "text", text: textOf(userMessage) }] };
        return finish(task(context, "completed", { artifacts: [artifact] }));
      }
      case "slow":
        return this.#slow(context, bus, numberOf(userMessage, "delayMs", SLOW_DEFAULT_MS));
      case "ask-back":
        return finish(task(context, "submitted"), finalStatus(context, "input-required", "Which diocese do you mean?"));
      case "fail":
        return finish(task(context, "submitted"), finalStatus(context, "failed", "the fail skill always fails"));
      case "reply":
        return finish(agentMessage(context, `You said: ${textOf(userMessage)}`));
      case "stream": {
        const chunks = numberOf(userMessage, "chunks", STREAM_DEFAULTS.chunks);
        return this.#stream(context, bus, chunks, numberOf(userMessage, "delayMs", STREAM_DEFAULTS.delayMs));
      }
      default:
        return finish(task(context, "submitted"), finalStatus(context, "rejected", "no such skill"));
    }
  }

  /** Publishes the task `working`, then completes it after `delayMs` unless it is canceled first. */
  async #slow(context, bus, delayMs) {
    bus.publish(task(context, "working"));
    const canceled = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), delayMs);
      this.#working.set(context.taskId, { context, stop: () => (clearTimeout(timer), resolve(true)) });
    });
    this.#working.delete(context.taskId);
    if (canceled) return;
    bus.publish({
      kind: "artifact-update", taskId: context.taskId, contextId: context.contextId,
      artifact: { artifactId: randomUUID(), name: "slow", parts: [{ kind: "text", text: `done after ${delayMs} ms` }] },
    });
    bus.publish(finalStatus(context, "completed"));
    bus.finished();
  }

  /**
   * Publishes the task `submitted`, a status update `working` (not final),
   * `chunks` artifact updates of one artifact `delayMs` apart (each but the
   * first appended, the last marked `lastChunk`), then completes it.
   */
  async #stream(context, bus, chunks, delayMs) {
    const { taskId, contextId } = context;
    bus.publish(task(context, "submitted"));
    bus.publish(statusUpdate(context, "working", undefined, false));
    const artifactId = randomUUID();
    for (let i = 0; i < chunks; i++) {
      if (i > 0) await sleep(delayMs);
      bus.publish({
        kind: "artifact-update", taskId, contextId, append: i > 0, lastChunk: i === chunks - 1,
        artifact: { artifactId, name: "stream", parts: [{ kind: "text", text: `chunk ${i}` }] },
      });
    }
    bus.publish(finalStatus(context, "completed"));
    bus.finished();
  }

  async cancelTask(taskId, bus) {
    const working = this.#working.get(taskId);
    if (!working) return; // not working here: the SDK then answers TaskNotCancelable
    working.stop();
    bus.publish(finalStatus(working.context, "canceled", "canceled by the caller"));
    bus.finished();
  }
}
