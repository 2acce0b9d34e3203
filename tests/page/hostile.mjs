// Hostile server content for the page suites: markup, event handlers and
// script URLs in every field the page and the widget show, as tasks that the
// simulator's `result` fault answers verbatim.
import assert from "node:assert/strict";

/** Any of these would set `window.__pwned` if it ever ran. */
export const SCRIPT = "<script>window.__pwned = 1</script>";
export const IMG = '<img src=x onerror="window.__pwned = 1">';
export const JS_URL = "javascript:window.__pwned = 1";
/** Text mixing all of them, with a citation marker. */
export const TEXT = `Answer ${SCRIPT} then ${IMG} then <a href="${JS_URL}">click</a> [1]`;

/** URLs that must never become links. */
const BAD_URLS = [JS_URL, "  JAVASCRIPT:window.__pwned = 1", "data:text/html,<script>window.__pwned = 1</script>", "vbscript:msgbox(1)", "/relative/path"];

/** A completed task whose one artifact is `name` with `parts`. */
export function task(name, parts) {
  return {
    kind: "task",
    id: "task-hostile",
    contextId: "ctx-hostile",
    status: { state: "completed" },
    artifacts: [{ artifactId: "art-hostile", name, parts }],
  };
}

/** A `catholic_qa` answer: hostile text, citations with hostile titles and URLs, hostile related questions. */
export const answer = task("catholic_qa_response", [
  { kind: "text", text: TEXT },
  { kind: "data", data: { citations: [
    { document_index: 1, document_title: IMG, document_author: SCRIPT, document_reference: `<a href="${JS_URL}">ref</a>`, cited_text: SCRIPT, cited_text_heading: IMG, source_url: JS_URL },
    ...BAD_URLS.slice(1).map((url, i) => ({ document_index: i + 2, document_title: `Title ${i + 2} ${SCRIPT}`, source_url: url })),
    { document_index: 9, document_title: "A safe source", source_url: "https://example.org/safe" },
  ] } },
  { kind: "data", data: { related_questions: [IMG, SCRIPT] } },
]);

/** `document_search` results with hostile titles, ids and URLs. */
export const searchResults = task("search_results", [
  { kind: "data", data: { results: [
    ...BAD_URLS.map((url, i) => ({ id: `${i} ${IMG}`, url, title: `${SCRIPT} ${i}` })),
    { id: "safe", url: "https://example.org/safe", title: IMG },
  ] } },
]);

/** A `document_fetch` document with hostile text and metadata. */
export const document = task("document", [
  { kind: "text", text: TEXT },
  { kind: "data", data: { id: IMG, title: SCRIPT, author: IMG, ref: `<a href="${JS_URL}">ref</a>` } },
]);

/** A one-text artifact (`mass_readings`, `martyrology`) with hostile text. */
export const textTask = (name) => task(name, [{ kind: "text", text: TEXT }]);

/**
 * Asserts that nothing hostile ran or became live in the page, its shadow
 * roots included: no script ran, no link but http(s) ones with
 * `rel="noopener noreferrer"`, no element made from server markup.
 */
export async function assertInert(page) {
  await page.waitForLoadState("networkidle");
  const found = await page.evaluate(() => {
    const roots = [document];
    for (let i = 0; i < roots.length; i++) {
      for (const element of roots[i].querySelectorAll("*")) if (element.shadowRoot) roots.push(element.shadowRoot);
    }
    const all = (selector) => roots.flatMap((root) => [...root.querySelectorAll(selector)]);
    return {
      pwned: window.__pwned,
      scriptLinks: all('a[href^="javascript:" i], a[href*="script:" i], [src^="javascript:" i]').length,
      badLinks: all("a[href]").filter((a) => !["http:", "https:"].includes(a.protocol)).map((a) => a.getAttribute("href")),
      unsafeBlank: all('a[target="_blank"]').filter((a) => a.rel !== "noopener noreferrer").length,
      images: all("img").length,
      bodyScripts: all("body script").length,
      handlers: all("*").filter((e) => [...e.attributes].some((a) => a.name.startsWith("on"))).length,
    };
  });
  assert.deepEqual(found, { pwned: undefined, scriptLinks: 0, badLinks: [], unsafeBlank: 0, images: 0, bodyScripts: 0, handlers: 0 });
}
