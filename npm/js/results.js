// The plain objects a call resolves with, built in one crossing each from the
// fields the Rust decoder chose (a store to a constant property name is what
// JS engines make fastest; a `Reflect.set` per field from wasm is not).
// Optional members that are absent stay absent, as the types say.

/** A `QaAnswer`. */
export function qaAnswer(text, citations, relatedQuestions, taskId, contextId) {
  return { text, citations, relatedQuestions, taskId, contextId };
}

/** A `Citation`: each known field only when the server sent it with its type; the rest in `raw`. */
export function citation(citedText, citedTextHeading, documentTitle, documentIndex, documentAuthor, documentReference, documentYear, sourceUrl, raw) {
  const c = {};
  if (citedText !== undefined) c.citedText = citedText;
  if (citedTextHeading !== undefined) c.citedTextHeading = citedTextHeading;
  if (documentTitle !== undefined) c.documentTitle = documentTitle;
  if (documentIndex !== undefined) c.documentIndex = documentIndex;
  if (documentAuthor !== undefined) c.documentAuthor = documentAuthor;
  if (documentReference !== undefined) c.documentReference = documentReference;
  if (documentYear !== undefined) c.documentYear = documentYear;
  if (sourceUrl !== undefined) c.sourceUrl = sourceUrl;
  c.raw = raw;
  return c;
}

/** An array of results (the glue has already made it one). */
export function list(values) {
  return values;
}

/** A `SearchResult`. */
export function searchResult(id, url, title) {
  return { id, url, title };
}

/** A `MagisteriumDocument`. */
export function magisteriumDocument(id, title, author, ref, text) {
  return { id, title, author, ref, text };
}
