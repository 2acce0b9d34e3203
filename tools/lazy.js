// An agent discovered when its tools are first listed, not before: one that
// is down then is a single tool standing for it, which says so and tries
// again when called, so that it fails its own tools and nothing else.

import { agentTools } from "./agent.js";
import { defineTool } from "./define.js";
import { slug, uniqueName } from "./names.js";
import { isClientError, result, resultBound } from "./result.js";
import { objectSchema } from "./schema.js";
import { clip } from "./text.js";

/**
 * `{ list() }`: `list()` resolves with the tools of the agent `discover()`
 * finds (discovered once, when first listed); while `discover()` rejects
 * with a client error, with one tool standing for the agent (named from
 * `label`, its URL), which tries again when called and, once the agent
 * answers, calls `options.onChange()` (list again to see its tools).
 */
export function toolsOnFirstUse(label, discover, options) {
  const max = resultBound(options);
  let tools = null;
  let pending = null;
  let name = null;
  const load = () => {
    pending ??= discover().then(
      (client) => (tools = agentTools(client, options)),
      (error) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const standIn = (error) => {
    name ??= uniqueName(`${slug(hostOf(label), 40) || "agent"}_unavailable`, options?.taken ?? new Set());
    const description = `The A2A agent at ${clip(label, 200)} could not be reached (${error.code}). Call this to try again; once it answers, its skills are tools of their own.`;
    return defineTool(name, description, objectSchema({}, []), async () => {
      const found = await load();
      options?.onChange?.();
      return result(`The agent answers now. Its tools: ${found.map((tool) => tool.name).join(", ")}.`, undefined, max);
    }, max);
  };
  return {
    async list() {
      if (tools) return tools;
      try {
        return await load();
      } catch (error) {
        if (!isClientError(error)) throw error;
        return [standIn(error)];
      }
    },
  };
}

/** The host of a URL (the text itself when it is none). */
function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
