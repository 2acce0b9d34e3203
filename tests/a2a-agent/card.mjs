// The fixture agent's card: a generic (non-Magisterium) A2A 0.3 agent with
// the skills of `executor.mjs`, reached over JSON-RPC at `${base}/a2a`. The
// v1.0 fixture (`tests/a2a-agent-v1/cards.mjs`) builds its cards from `SKILLS`.

/** A skill of the card. */
const skill = (id, name, description) => ({ id, name, description, tags: ["fixture"], examples: [`${id} hello`] });

/** The skills `executor.mjs` runs, as the cards list them. */
export const SKILLS = [
  skill("echo", "Echo", "Completes at once with an artifact echoing the text."),
  skill("slow", "Slow", "Works for `delayMs` (a data part, default 2000 ms), then completes; cancelable."),
  skill("ask-back", "Ask back", "Ends `input-required`, asking the caller a question."),
  skill("fail", "Fail", "Ends `failed` with a reason."),
  skill("reply", "Reply", "Answers with a Message instead of a Task."),
  skill(
    "stream",
    "Stream",
    "Streams one artifact in `chunks` text chunks (a data part, default 3), `delayMs` apart (default 50 ms), then completes.",
  ),
];

/** The card of the agent listening at `base` (`http://127.0.0.1:PORT`). */
export function agentCard(base) {
  return {
    name: "Fixture agent (@a2a-js/sdk)",
    description: "A test agent on the official A2A JavaScript SDK: echo, slow, ask-back, fail, reply and stream.",
    url: `${base}/a2a`,
    preferredTransport: "JSONRPC",
    protocolVersion: "0.3.0",
    version: "1.0.0",
    provider: { organization: "magisterium-a2a tests", url: base },
    capabilities: { streaming: true, pushNotifications: false },
    // Declared but not required (no `security`): the agent accepts any caller.
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    defaultInputModes: ["text"],
    defaultOutputModes: ["text"],
    skills: SKILLS,
  };
}
