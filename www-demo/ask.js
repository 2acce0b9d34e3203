// The "Ask a question" panel (`catholic_qa`): the answer, its numbered
// sources with safe links, and related questions that are asked next in the
// same conversation (its `contextId`).
import { client } from "./connection.js";
import { onSubmit, runCall } from "./panel.js";
import { el, safeLink, textBlock } from "./render.js";

const panel = document.getElementById("ask");
const form = panel.querySelector("form");
const thread = panel.querySelector(".thread");
const conversation = panel.querySelector(".conversation-state");

/** The conversation on screen: "" until the first answer. */
let contextId = "";

/** Asks `question`, in the current conversation when there is one. */
function ask(question) {
  form.elements.question.value = question;
  const options = contextId ? { contextId } : {};
  runCall(panel, "Asking…", async () => (await client()).ask(question, options), (answer) => {
    contextId = answer.contextId;
    thread.dataset.contextId = contextId;
    thread.append(turn(question, answer));
    showConversation();
  });
}

/** One question and its answer. */
function turn(question, answer) {
  return el("li", { class: "turn", data: { taskId: answer.taskId } },
    el("p", { class: "question" }, question),
    textBlock(answer.text, { class: "answer" }),
    sources(answer.citations),
    related(answer.relatedQuestions));
}

/** The citations grouped by their `[n]` number, each with title, author, reference, year and link. */
function sources(citations) {
  if (citations.length === 0) return null;
  const groups = new Map();
  citations.forEach((citation, position) => {
    const key = Number.isInteger(citation.documentIndex) ? citation.documentIndex : `unnumbered-${position}`;
    groups.set(key, [...(groups.get(key) ?? []), citation]);
  });
  const items = [...groups].map(([key, [first, ...rest]]) => {
    const meta = [first.documentAuthor, first.documentReference, first.documentYear].filter((x) => x !== undefined && x !== "");
    return el("li", { class: "citation" },
      el("span", { class: "citation-number" }, typeof key === "number" ? `[${key}]` : "[·]"), " ",
      safeLink(first.sourceUrl, first.documentTitle || "Untitled source", { class: "citation-title" }),
      meta.length > 0 && el("span", { class: "citation-meta" }, meta.join(" · ")),
      passages([first, ...rest]));
  });
  return el("section", { class: "sources" }, el("h3", {}, "Sources"), el("ol", { class: "citations" }, items));
}

/** The quoted passages of one source. */
function passages(citations) {
  const quoted = citations.filter((c) => c.citedText);
  if (quoted.length === 0) return null;
  return el("ul", { class: "passages" }, quoted.map((c) =>
    el("li", {}, c.citedTextHeading && el("strong", {}, `${c.citedTextHeading}: `), `“${c.citedText}”`)));
}

/** Buttons that ask a related question next, in this conversation. */
function related(questions) {
  if (questions.length === 0) return null;
  return el("section", { class: "related" }, el("h3", {}, "Related questions"),
    el("ul", {}, questions.map((question) => {
      const button = el("button", { type: "button", class: "related-question" }, question);
      button.addEventListener("click", () => ask(question));
      return el("li", {}, button);
    })));
}

/** The line above the thread: which conversation, and how long. */
function showConversation() {
  const turns = thread.children.length;
  conversation.textContent = contextId
    ? `Conversation ${contextId.slice(0, 8)}… · ${turns} ${turns === 1 ? "question" : "questions"}. A follow-up stays in it.`
    : "A new conversation.";
}

onSubmit(form, () => {
  const question = form.elements.question.value.trim();
  if (question) ask(question);
});

panel.querySelector(".new-conversation").addEventListener("click", () => {
  contextId = "";
  thread.dataset.contextId = "";
  thread.replaceChildren();
  showConversation();
  form.elements.question.focus();
});
