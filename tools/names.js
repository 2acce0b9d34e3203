// Tool names every framework here accepts: OpenAI's and Anthropic's
// `^[a-zA-Z0-9_-]{1,64}$` (MCP's rule is wider, the AI SDK takes any key).

/** The longest name. */
export const MAX_NAME = 64;

/** The longest agent part of a derived name, so that the skill keeps room. */
const MAX_AGENT_PART = 24;

/**
 * `text` as a lowercase slug of ASCII letters, digits and single
 * underscores, at most `max` characters, cut after a whole word where it
 * can ("" when nothing is left). Accents
 * are dropped (`é` → `e`); a hostile string is read only as far as its
 * first `4 × max` characters.
 */
export function slug(text, max) {
  if (typeof text !== "string") return "";
  const ascii = text
    .slice(0, 4 * max)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const whole = ascii.replace(/[^a-z0-9]+/g, "_").replace(/^_+/, "");
  if (whole.length <= max) return whole.replace(/_+$/, "");
  // Cut after a whole word when one ends in the second half (one more character: a word may end at `max`).
  const cut = whole.slice(0, max + 1);
  const end = cut.lastIndexOf("_");
  return (end >= max / 2 ? cut.slice(0, end) : cut.slice(0, max)).replace(/_+$/, "");
}

/**
 * `base` (already a valid name), or `base_2`, `base_3`, … cut to fit: the
 * first not in `taken`, which it is added to.
 */
export function uniqueName(base, taken) {
  let name = base;
  for (let n = 2; taken.has(name); n += 1) {
    const suffix = `_${n}`;
    name = base.slice(0, MAX_NAME - suffix.length) + suffix;
  }
  taken.add(name);
  return name;
}

/** A name for a skill of an agent: `<agent>_<skill>` from their names, unique among `taken`. */
export function skillToolName(agentName, skillName, taken) {
  const agent = slug(agentName, MAX_AGENT_PART) || "agent";
  const skill = slug(skillName, MAX_NAME - agent.length - 1) || "skill";
  return uniqueName(`${agent}_${skill}`, taken);
}
