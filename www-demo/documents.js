// The "Search documents" panel (`document_search`, then `document_fetch`):
// ranked results, and one opened with its full text and metadata.
import { client } from "./connection.js";
import { onSubmit, runCall } from "./panel.js";
import { el, safeLink, textBlock } from "./render.js";

const panel = document.getElementById("documents");
const results = panel.querySelector(".results");
const viewer = panel.querySelector(".document");

/** One search result: a button that opens it, its link and its id. */
function result(hit) {
  const open = el("button", { type: "button", class: "open-document" }, hit.title || `Document ${hit.id}`);
  open.addEventListener("click", () => openDocument(hit.id));
  return el("li", { class: "result", data: { id: hit.id } },
    open,
    el("span", { class: "result-meta" }, `id ${hit.id}`, hit.url && " · ", hit.url && safeLink(hit.url, hit.url, { class: "result-url" })));
}

/** Fetches a document into the viewer. */
function openDocument(id) {
  runCall(panel, "Opening the document…", async () => (await client()).fetchDocument(id), (doc) => {
    if (doc === null) {
      viewer.replaceChildren(el("p", { class: "empty" }, `Document ${id} was not found.`));
      return null;
    }
    const field = (name, value) => [el("dt", {}, name), el("dd", {}, value || "—")];
    viewer.replaceChildren(
      el("h3", { class: "document-title" }, doc.title || "Untitled document"),
      el("dl", { class: "document-meta" }, field("Author", doc.author), field("Reference", doc.ref), field("Id", doc.id)),
      textBlock(doc.text, { class: "document-text", tabindex: 0, "aria-label": "Document text" }));
    viewer.focus();
    return null;
  });
}

onSubmit(panel.querySelector("form"), (form) => {
  const query = form.elements.query.value.trim();
  if (!query) return;
  runCall(panel, "Searching…", async () => (await client()).searchDocuments(query), (hits) => {
    results.replaceChildren(...hits.map(result));
    viewer.replaceChildren();
    return hits.length === 0 ? "No documents found." : `${hits.length} ${hits.length === 1 ? "document" : "documents"} found: open one to read it.`;
  });
});
