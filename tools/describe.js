// A skill's tool description, from the card: its description, tags and
// examples, and the agent's name, each bounded, the whole at most
// MAX_DESCRIPTION characters whatever the card holds.

import { clip } from "./text.js";

/** The longest tool description. */
export const MAX_DESCRIPTION = 1024;

const MAX_TAGS = 8;
const MAX_EXAMPLES = 3;

/** The words of `value` if it is an array of strings (at most `count`, each at most `max` characters). */
function strings(value, count, max) {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, 4 * count)
    .map((item) => clip(item, max).trim())
    .filter(Boolean)
    .slice(0, count);
}

/** The description of `skill` (of the agent named `agentName`) as a tool. */
export function describeSkill(agentName, skill) {
  const what = clip(skill.description, 600).trim() || clip(skill.name, 200).trim() || "A skill of this agent.";
  const lines = [what];
  const tags = strings(skill.tags, MAX_TAGS, 40);
  if (tags.length) lines.push(`Tags: ${tags.join(", ")}.`);
  const examples = strings(skill.examples, MAX_EXAMPLES, 160);
  if (examples.length) lines.push(`Examples: ${examples.map((e) => `"${e}"`).join("; ")}.`);
  lines.push(`A skill of the A2A agent "${clip(agentName, 80).trim()}".`);
  return clip(lines.join("\n"), MAX_DESCRIPTION);
}
