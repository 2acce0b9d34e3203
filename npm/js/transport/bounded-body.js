// Bounding a body (docs/design.md): the one rule of the package's JS, read
// by the client (`exchange.js`), by the parish proxy (`proxy/`) and by the sign-in
// (`auth/`), and held with the core's `BodyLimit` to one table of cases
// (tests/fixtures/declared-lengths.json).

/**
 * The length a `Content-Length` declares: ASCII digits, with spaces or tabs
 * around them, as a number (`Infinity` past the largest one); anything else
 * (absent, a sign, an exponent, hex, a list, other blanks or digits)
 * declares nothing: `NaN`, which no comparison passes.
 */
export function declaredLength(value) {
  return value !== null && /^[ \t]*[0-9]+[ \t]*$/.test(value) ? Number(value) : NaN;
}

/** Decodes a body as `response.text()` does: UTF-8, a leading BOM dropped, invalid bytes as U+FFFD. */
const utf8 = new TextDecoder();

/**
 * The body of `message` (a Request or a Response) as text, or `null` when it
 * is longer than `limit` bytes: refused from its `Content-Length` when that
 * declares more, else counted as the bytes arrive (`fetch` has already undone
 * any `Content-Encoding`, so these are the decoded bytes a compressed body
 * expands to) and cancelled as soon as the count passes `limit`, which ends
 * the request: no more than one chunk past the limit is held. Rejects when
 * the read fails or the call's signal aborts it.
 */
export async function boundedText(message, limit) {
  const body = message.body;
  if (declaredLength(message.headers.get("Content-Length")) > limit) {
    if (body) body.cancel().catch(() => {});
    return null;
  }
  if (!body) return "";
  const reader = body.getReader();
  const chunks = [];
  let size = 0;
  for (let read; !(read = await reader.read()).done; ) {
    size += read.value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(read.value);
  }
  // One decode over the whole body: most bodies arrive in one chunk, decoded as it is.
  if (chunks.length === 1) return utf8.decode(chunks[0]);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return utf8.decode(bytes);
}
