// The tools' input schemas (JSON Schema, draft-07's subset that OpenAI,
// Anthropic, MCP and the AI SDK all accept) and the check of a model's
// arguments against them. Written here rather than taken from a validator
// library: the schemas use six keywords (type, properties, required,
// additionalProperties, maxLength, pattern), and the entry stays free of
// dependencies (measured: Ajv bundled and minified is 38.4 KB gzip, this
// module with its schemas 0.9 KB).

/** The longest message a tool sends to an agent, in characters. */
export const MAX_MESSAGE = 20_000;

/** The largest structured input, as JSON characters. */
export const MAX_DATA = 64 * 1024;

/** The longest id (a task's or a context's) a tool takes. */
const MAX_ID = 256;

const id = (description) => ({ type: "string", description, maxLength: MAX_ID });

/** A string property. */
export const text = (description, maxLength) => ({ type: "string", description, maxLength });

/** An object schema of `properties`, `required` naming the ones a call must give. */
export function objectSchema(properties, required) {
  return deepFreeze({ type: "object", properties, required, additionalProperties: false });
}

/** The input of an agent's skill as a tool. */
export const AGENT_INPUT = objectSchema(
  {
    message: text("What to ask or tell the agent, in words.", MAX_MESSAGE),
    data: {
      type: "object",
      description: "Optional structured input for the skill (a JSON object), sent beside the message.",
    },
    contextId: id("Optional: continue an earlier conversation with this agent (the contextId of an earlier result)."),
    taskId: id("Optional: answer a task that asked for input (the taskId of that result)."),
  },
  ["message"],
);

/**
 * `input` checked against `schema` (one of this module's): `{ value }`, or
 * `{ problem }` saying in words what is wrong, for the model to correct.
 */
export function checkInput(schema, input) {
  if (typeof input === "string") {
    try {
      input = JSON.parse(input);
    } catch {
      return { problem: "the arguments are not JSON" };
    }
  }
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return { problem: "the arguments must be a JSON object" };
  }
  for (const name of schema.required) {
    if (input[name] === undefined || input[name] === null) return { problem: `"${name}" is required` };
  }
  const value = {};
  for (const [name, given] of Object.entries(input)) {
    const property = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
    if (!property) return { problem: `unknown argument "${name.slice(0, 64)}"; the arguments are ${Object.keys(schema.properties).join(", ")}` };
    if (given === null || given === undefined) continue;
    const problem = propertyProblem(property, given);
    if (problem) return { problem: `"${name}" ${problem}` };
    value[name] = given;
  }
  return { value };
}

function propertyProblem(property, given) {
  if (property.type === "string") {
    if (typeof given !== "string") return "must be a string";
    if (given.length > property.maxLength) return `is longer than ${property.maxLength} characters`;
    if (property.pattern && !new RegExp(property.pattern).test(given)) return `must match ${property.pattern}`;
    return null;
  }
  if (given === null || typeof given !== "object" || Array.isArray(given)) return "must be a JSON object";
  if (JSON.stringify(given).length > MAX_DATA) return `is larger than ${MAX_DATA} characters of JSON`;
  return null;
}

function deepFreeze(value) {
  for (const inner of Object.values(value)) if (inner && typeof inner === "object") deepFreeze(inner);
  return Object.freeze(value);
}
