// An agent's skills as tools: one per skill of its card, each calling only
// that agent, through its own client (its token, limits and retries).

import { defineTool } from "./define.js";
import { describeSkill } from "./describe.js";
import { skillToolName } from "./names.js";
import { resultBound } from "./result.js";
import { runSkill } from "./run.js";
import { AGENT_INPUT } from "./schema.js";

/** The most skills of one card made tools (a card may list thousands). */
const MAX_SKILLS = 64;

/**
 * The tools of `client`'s skills (a client from `A2AClient.discover`: its
 * card names them). A skill id met again is skipped; names are unique
 * among `options.taken` too, which they are added to.
 */
export function agentTools(client, options) {
  const card = client?.card;
  if (!card || !Array.isArray(card.skills)) {
    throw new TypeError("agentTools takes a client from A2AClient.discover: its card names the skills");
  }
  const max = resultBound(options);
  const limits = { max, timeoutMs: options?.timeoutMs ?? undefined, pollIntervalMs: options?.pollIntervalMs ?? undefined };
  const taken = options?.taken ?? new Set();
  const only = options?.skills ? new Set(options.skills) : null;
  const agentName = options?.prefix ?? card.name;
  const seen = new Set();
  const tools = [];
  for (const skill of card.skills) {
    if (tools.length === MAX_SKILLS) break;
    if (typeof skill?.id !== "string" || seen.has(skill.id) || (only && !only.has(skill.id))) continue;
    seen.add(skill.id);
    const name = skillToolName(agentName, typeof skill.name === "string" && skill.name ? skill.name : skill.id, taken);
    const run = (input, runOptions) => runSkill(client, skill.id, name, input, runOptions, limits);
    tools.push(defineTool(name, describeSkill(card.name, skill), AGENT_INPUT, run, max));
  }
  return tools;
}
