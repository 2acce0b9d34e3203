// The plain-JavaScript baseline: what a careful hand-written client does for
// `ask` and `searchDocuments`, written to be as fast as it honestly can be.
// `fetch`, `response.text()`, `JSON.parse`, the JSON-RPC and task checks
// (jsonrpc, id, result/error, kind, state, the artifact by name), then the same
// typed objects `magisterium-a2a` resolves with. No timeout, abort or retry
// machinery: what our client does beyond this is what the bench measures.

/** A failure of the baseline client: a JSON-RPC error or a response it refuses. */
export class BaselineError extends Error {}

/** A client with the two methods the bench compares. */
export class BaselineClient {
  #endpoint;
  #headers;
  #nextId = 1;

  constructor({ endpoint, token }) {
    this.#endpoint = endpoint;
    this.#headers = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
  }

  /** `catholic_qa`: `{ text, citations, relatedQuestions, taskId, contextId }`. */
  async ask(question, { contextId } = {}) {
    const task = await this.#send(question, "catholic_qa", contextId);
    return decodeQa(task, parts(task, "catholic_qa_response"));
  }

  /** `document_search`: `{ id, url, title }[]`. */
  async searchDocuments(query) {
    const task = await this.#send(query, "document_search", undefined);
    return decodeSearch(parts(task, "search_results"));
  }

  /** `message/send` of one text part; resolves with the checked task. */
  async #send(text, skillId, contextId) {
    const id = this.#nextId++;
    const message = { role: "user", kind: "message", messageId: crypto.randomUUID(), parts: [{ kind: "text", text }] };
    if (contextId !== undefined) message.contextId = contextId;
    message.metadata = { skillId };
    const body = JSON.stringify({ jsonrpc: "2.0", id, method: "message/send", params: { message } });
    const response = await fetch(this.#endpoint, { method: "POST", headers: this.#headers, body });
    return taskOf(await response.text(), id, response.status);
  }
}

/** The checked `result` task of a JSON-RPC response body. */
function taskOf(text, id, status) {
  let envelope;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new BaselineError(`HTTP ${status}: the response is not JSON`);
  }
  if (!isObject(envelope) || envelope.jsonrpc !== "2.0") throw new BaselineError(`HTTP ${status}: not a JSON-RPC 2.0 response`);
  const { result, error } = envelope;
  if (error != null) throw new BaselineError(typeof error.message === "string" ? error.message : `JSON-RPC error ${error.code}`);
  if (result === undefined) throw new BaselineError("the response has neither `result` nor `error`");
  if (envelope.id !== id) throw new BaselineError("the response `id` does not match the request");
  if (status < 200 || status > 299) throw new BaselineError(`HTTP ${status} with a result`);
  if (!isObject(result) || result.kind !== "task") throw new BaselineError("the result is not an A2A Task");
  if (typeof result.id !== "string" || result.id === "") throw new BaselineError("the task has no `id`");
  if (!isObject(result.status) || typeof result.status.state !== "string") throw new BaselineError("the task has no `status.state`");
  if (typeof result.contextId !== "string") throw new BaselineError("the task has no `contextId`");
  return result;
}

/** The parts of the artifact `name` of a completed task. */
function parts(task, name) {
  if (task.status.state !== "completed") throw new BaselineError(`the task is \`${task.status.state}\``);
  const { artifacts } = task;
  if (Array.isArray(artifacts)) {
    for (const artifact of artifacts) {
      if (isObject(artifact) && artifact.name === name) return Array.isArray(artifact.parts) ? artifact.parts : [];
    }
  }
  throw new BaselineError(`the task has no \`${name}\` artifact`);
}

/** A `catholic_qa_response`: text parts joined by blank lines, citations and related questions of the data parts. */
function decodeQa(task, parts) {
  const texts = [];
  const citations = [];
  const relatedQuestions = [];
  for (const part of parts) {
    if (!isObject(part)) continue;
    if (part.kind === "text" && typeof part.text === "string") texts.push(part.text);
    else if (part.kind === "data" && isObject(part.data)) {
      const { citations: cited, related_questions: related } = part.data;
      if (Array.isArray(cited)) {
        for (const c of cited) if (isObject(c)) citations.push(citation(c));
      }
      if (Array.isArray(related)) {
        for (const q of related) if (typeof q === "string") relatedQuestions.push(q);
      }
    }
  }
  if (texts.length === 0) throw new BaselineError("the answer has no text part");
  const text = texts.length === 1 ? texts[0] : texts.join("\n\n");
  return { text, citations, relatedQuestions, taskId: task.id, contextId: task.contextId };
}

/** One citation: known fields camelCased when of their type, everything else in `raw`. */
function citation(c) {
  const out = {};
  const raw = {};
  for (const key in c) {
    const value = c[key];
    const isString = typeof value === "string";
    // One case a field: a store to a constant property name is what V8 makes fastest.
    switch (key) {
      case "cited_text": case "citedText": if (isString) { out.citedText = value; continue; } break;
      case "cited_text_heading": case "citedTextHeading": if (isString) { out.citedTextHeading = value; continue; } break;
      case "document_title": case "documentTitle": if (isString) { out.documentTitle = value; continue; } break;
      case "document_index": case "documentIndex": if (typeof value === "number") { out.documentIndex = value; continue; } break;
      case "document_author": case "documentAuthor": if (isString) { out.documentAuthor = value; continue; } break;
      case "document_reference": case "documentReference": if (isString) { out.documentReference = value; continue; } break;
      case "document_year": case "documentYear": if (isString || typeof value === "number") { out.documentYear = value; continue; } break;
      case "source_url": case "sourceUrl": if (isString) { out.sourceUrl = value; continue; } break;
      case "__proto__": continue; // would set the prototype: never a real field
    }
    raw[key] = value;
  }
  out.raw = raw;
  return out;
}

/** `search_results`: the first data part's `results`; hits without a usable id are skipped. */
function decodeSearch(parts) {
  for (const part of parts) {
    if (!isObject(part) || part.kind !== "data" || !isObject(part.data) || !Array.isArray(part.data.results)) continue;
    const hits = [];
    for (const hit of part.data.results) {
      if (!isObject(hit)) continue;
      const id = idOf(hit.id);
      if (id === undefined) continue;
      const { url, title } = hit;
      hits.push({ id, url: typeof url === "string" ? url : "", title: typeof title === "string" ? title : "" });
    }
    return hits;
  }
  throw new BaselineError("the search results have no `results` array");
}

/** A non-empty string id, or an integer id as its decimal string. */
function idOf(id) {
  if (typeof id === "string") return id === "" ? undefined : id;
  if (typeof id === "number" && Number.isInteger(id) && Math.abs(id) < 9e15) return String(id);
  return undefined;
}

/** A plain JSON object (not an array, not null). */
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
