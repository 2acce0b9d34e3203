// Reading a body without trusting its size: a visitor's request or the
// upstream's answer is read up to a limit, and no further.

/**
 * The body of `message` (a Request or a Response) as text, or `null` when it
 * is longer than `limit` bytes: refused from its `Content-Length`, or
 * cancelled as soon as the bytes read pass the limit.
 */
export async function boundedText(message, limit) {
  const declared = Number(message.headers.get("Content-Length") ?? 0);
  if (declared > limit) {
    await message.body?.cancel().catch(() => {});
    return null;
  }
  if (!message.body) return "";
  const reader = message.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}
