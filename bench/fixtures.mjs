// The recorded response bodies the decode measurement replays, generated
// deterministically (a seeded generator, no files) in the contract's shapes:
// a `catholic_qa_response` artifact (a text part, `{citations}` with the
// snake_case fields, `{related_questions}`) and a `search_results` artifact.
// Each body is kept split as `{"jsonrpc":"2.0","id":` + id + `rest`, so the
// JSON-RPC id of any request can be spliced in cheaply.

/** The part of every body before the JSON-RPC id. */
export const PREFIX = '{"jsonrpc":"2.0","id":';

const WORDS = ("grace faith charity hope sacrament church council encyclical apostolic tradition scripture "
  + "doctrine creed baptism eucharist penance marriage priesthood conscience virtue justice mercy truth "
  + "revelation magisterium bishop pope synod liturgy prayer communion salvation redemption incarnation "
  + "trinity spirit gospel covenant law nature reason freedom dignity person family society peace").split(" ");

/** A seeded pseudo-random generator (mulberry32): the same numbers on every run. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` words drawn by `random`, the first capitalised. */
function words(random, count) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(WORDS[Math.floor(random() * WORDS.length)]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return out.join(" ");
}

/** A task as the service sends it: the question and answer in `history`, one artifact. */
function task(id, artifact, question, answerText) {
  return {
    kind: "task",
    id,
    contextId: `ctx-${id}`,
    status: { state: "completed", timestamp: "2026-03-19T10:00:00Z" },
    artifacts: [artifact],
    history: [
      { role: "user", kind: "message", messageId: `m-${id}-1`, parts: [{ kind: "text", text: question }] },
      { role: "agent", kind: "message", messageId: `m-${id}-2`, parts: [{ kind: "text", text: answerText }] },
    ],
  };
}

/** A `catholic_qa` answer with `citationCount` citations of about `citedWords` words each. */
function qaTask(seed, { textWords, citationCount, citedWords }) {
  const random = generator(seed);
  const text = `${words(random, textWords)} [1].`;
  const citations = [];
  for (let i = 1; i <= citationCount; i++) {
    citations.push({
      cited_text: words(random, citedWords),
      cited_text_heading: words(random, 4),
      document_title: words(random, 5),
      document_index: i,
      document_author: words(random, 2),
      document_reference: `CCC ${1000 + Math.floor(random() * 1800)}`,
      document_year: i % 2 ? 1900 + Math.floor(random() * 126) : `${1900 + Math.floor(random() * 126)}`,
      source_url: `https://www.vatican.va/archive/doc-${seed}-${i}.htm`,
      relevance: Math.round(random() * 1000) / 1000,
    });
  }
  const related = [1, 2, 3].map(() => `${words(random, 6)}?`);
  const artifact = {
    artifactId: `art-${seed}`,
    name: "catholic_qa_response",
    parts: [
      { kind: "text", text },
      { kind: "data", data: { citations } },
      { kind: "data", data: { related_questions: related } },
    ],
  };
  return task(`task-qa-${seed}`, artifact, "What is grace?", text);
}

/** A `document_search` answer with `count` hits. */
function searchTask(seed, count) {
  const random = generator(seed);
  const results = [];
  for (let i = 0; i < count; i++) {
    const id = `${100000 + Math.floor(random() * 900000)}`;
    results.push({ id, url: `https://www.magisterium.com/documents/${id}`, title: words(random, 14) });
  }
  const artifact = { artifactId: `art-${seed}`, name: "search_results", parts: [{ kind: "data", data: { results } }] };
  return task(`task-search-${seed}`, artifact, "grace", "");
}

/** A recorded body: everything after the id, and its total size for an id of one digit. */
function recorded(result) {
  const rest = `,"result":${JSON.stringify(result)}}`;
  return { rest, bytes: PREFIX.length + 1 + rest.length };
}

/**
 * The three recorded bodies: `method` is the client method that decodes it,
 * `argument` what it is called with.
 */
export const FIXTURES = [
  { name: "small answer", method: "ask", argument: "What is grace?",
    ...recorded(qaTask(1, { textWords: 24, citationCount: 2, citedWords: 22 })) },
  { name: "large answer, 40 citations", method: "ask", argument: "What is grace?",
    ...recorded(qaTask(2, { textWords: 400, citationCount: 40, citedWords: 140 })) },
  { name: "search, 500 results", method: "searchDocuments", argument: "grace",
    ...recorded(searchTask(3, 500)) },
];
