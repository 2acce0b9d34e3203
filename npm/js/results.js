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

/** The `SearchResult`s of `fields`: `id`, `url` and `title` of each in turn. */
export function searchResults(fields) {
  const hits = [];
  for (let i = 0; i + 2 < fields.length; i += 3) hits.push({ id: fields[i], url: fields[i + 1], title: fields[i + 2] });
  return hits;
}

/** A `MagisteriumDocument`. */
export function magisteriumDocument(id, title, author, ref, text) {
  return { id, title, author, ref, text };
}
