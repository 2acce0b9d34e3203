// Magisterium's skills as precise tools over `MagisteriumClient`: `ask`,
// `search_documents`, `fetch_document`, `mass_readings` and
// `saints_of_the_day`, each with a schema that says what it takes and a
// result the model can cite from.

import { defineTool } from "./define.js";
import { uniqueName } from "./names.js";
import { resultBound, result } from "./result.js";
import { objectSchema, text } from "./schema.js";
import { clip } from "./text.js";

const DATE = text(
  'The day: a date as YYYY-MM-DD (e.g. "2026-12-25"), or words such as "today", "tomorrow" or "next Sunday".',
  100,
);

const ASK = objectSchema(
  {
    question: text("The question about Catholic teaching, in words.", 4000),
    contextId: text("Optional: ask a follow-up in the conversation of an earlier answer (its contextId).", 256),
  },
  ["question"],
);
const SEARCH = objectSchema({ query: text("What to look for in Church documents, in words.", 1000) }, ["query"]);
const FETCH = objectSchema({ id: text("A document's id, as search_documents gives it.", 256) }, ["id"]);
const DAY = objectSchema({ date: DATE }, ["date"]);

/** A citation's words: `[n] title — author (year), reference. url` and the passage cited. */
function citationText(citation, n) {
  const who = [citation.documentAuthor, citation.documentYear].filter((v) => v !== undefined && v !== "").join(", ");
  const head = `[${n}] ${citation.documentTitle ?? "(untitled)"}${who ? ` — ${who}` : ""}`;
  const where = [citation.documentReference, citation.sourceUrl].filter(Boolean).join(" ");
  const cited = citation.citedText ? `\n    "${clip(citation.citedText, 300)}"` : "";
  return `${head}${where ? `. ${where}` : ""}${cited}`;
}

/** A citation without `raw` (the wire's other fields), for the structured data. */
function citationData({ raw, ...known }) {
  return known;
}

/** The answer of `ask`: the text, its numbered sources and related questions, the context id for a follow-up. */
function answerResult(answer, input, max) {
  const sources = answer.citations.map((c, i) => citationText(c, i + 1)).join("\n");
  const related = answer.relatedQuestions.map((q) => `\n- ${q}`).join("");
  const text = `${answer.text}${sources ? `\n\nSources:\n${sources}` : ""}${related ? `\n\nRelated questions:${related}` : ""}\n\n[contextId for a follow-up: ${answer.contextId}]`;
  const { taskId, contextId, relatedQuestions } = answer;
  const data = { citations: answer.citations.map(citationData), relatedQuestions, taskId, contextId };
  return result(text, data, max, { taskId, contextId, state: "completed" });
}

/** The hits of `search_documents`, one a line: id, title, URL. */
function hitsResult(hits, input, max) {
  const lines = hits.map((hit) => `- ${hit.id}: ${hit.title || "(untitled)"}${hit.url ? ` <${hit.url}>` : ""}`);
  return result(hits.length ? `${hits.length} documents:\n${lines.join("\n")}` : "No documents found.", { results: hits }, max);
}

/** The document of `fetch_document`: title, author and reference, then its text. */
function documentResult(doc, input, max) {
  if (!doc) return result(`No document has the id "${clip(input.id, 256)}".`, undefined, max);
  const head = [doc.title, doc.author, doc.ref].filter(Boolean).join(" — ");
  return result(`${head}\n\n${doc.text}`, { id: doc.id, title: doc.title, author: doc.author, ref: doc.ref }, max);
}

/** A day's text (`what`: what there is none of, when the day has none). */
const dayResult = (what) => (text, input, max) => result(text ?? `No ${what} found for "${clip(input.date, 100)}".`, undefined, max);

/** Each tool: its name, description, schema, the client's call and the result of what it resolves with. */
const TOOLS = [
  {
    name: "ask",
    description:
      "Ask Magisterium AI a question about Catholic teaching. Answers with numbered citations of Church documents ([1], [2], …; cite them), related questions, and a contextId for follow-ups.",
    schema: ASK,
    call: (client, input, options) => client.ask(input.question, { ...options, contextId: input.contextId }),
    answer: answerResult,
  },
  {
    name: "search_documents",
    description:
      "Search Magisterium's library of Church documents (encyclicals, councils, the Catechism, …). Gives each hit's id (for fetch_document), title and URL.",
    schema: SEARCH,
    call: (client, input, options) => client.searchDocuments(input.query, options),
    answer: hitsResult,
  },
  {
    name: "fetch_document",
    description: "Read a Church document of Magisterium's library by its id (from search_documents): its title, author, reference and text.",
    schema: FETCH,
    call: (client, input, options) => client.fetchDocument(input.id, options),
    answer: documentResult,
  },
  {
    name: "mass_readings",
    description: "The readings of the Catholic Mass of a day (Roman calendar).",
    schema: DAY,
    call: (client, input, options) => client.massReadings(input.date, options),
    answer: dayResult("readings"),
  },
  {
    name: "saints_of_the_day",
    description: "The saints and feasts the Church celebrates on a day.",
    schema: DAY,
    call: (client, input, options) => client.saintsOfTheDay(input.date, options),
    answer: dayResult("saints"),
  },
];

/**
 * Magisterium's tools over `client` (a `MagisteriumClient`, its token and
 * limits). Names are unique among `options.taken`, which they are added to.
 */
export function magisteriumTools(client, options) {
  const max = resultBound(options);
  const taken = options?.taken ?? new Set();
  const timeoutMs = options?.timeoutMs ?? undefined;
  return TOOLS.map(({ name, description, schema, call, answer }) => {
    const run = async (input, { signal }) => answer(await call(client, input, { signal, timeoutMs }), input, max);
    return defineTool(uniqueName(name, taken), description, schema, run, max);
  });
}
