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

/** A citation's `raw`: the members the decoder did not type, under their wire names. */
export function rawMembers(keys, values) {
  const raw = {};
  for (let i = 0; i < keys.length; i++) raw[keys[i]] = values[i];
  return raw;
}

/** A `SearchResult`. */
export function searchResult(id, url, title) {
  return { id, url, title };
}

/** A `MagisteriumDocument`. */
export function magisteriumDocument(id, title, author, ref, text) {
  return { id, title, author, ref, text };
}

/**
 * An object's own members for the decoder in one crossing: `[keys, values]`,
 * the keys joined by NUL (one string to copy into wasm instead of one per
 * key), or as an array when a key itself holds a NUL.
 */
export function members(object) {
  const keys = Object.keys(object);
  const values = new Array(keys.length);
  let nul = false;
  for (let i = 0; i < keys.length; i++) {
    values[i] = object[keys[i]];
    if (keys[i].includes("\0")) nul = true;
  }
  return [nul ? keys : keys.join("\0"), values];
}
