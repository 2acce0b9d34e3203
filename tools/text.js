// Text that goes to a language model: control characters out, a length cut
// on a whole code point. Every string an agent or a card sends passes here
// before a model or a framework sees it.

/** Control characters but tab and newline, and the bidirectional overrides (a card's or an agent's text is shown to a model as text only). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * `value` as text of at most `max` characters (UTF-16 units), control
 * characters removed, cut on a whole code point with "…" when longer; "" for
 * anything but a string. Reads at most a bounded prefix of a long string.
 */
export function clip(value, max) {
  if (typeof value !== "string" || max < 1) return "";
  const text = value.slice(0, max + 1).replace(CONTROL, "");
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\ud800-\udbff]/.test(text[end - 1] ?? "")) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** The text parts of `parts` (an A2A message's or artifact's), each data part as JSON, each file as a line naming it. */
export function partsText(parts) {
  const lines = [];
  for (const part of Array.isArray(parts) ? parts : []) {
    if (part?.kind === "text" && typeof part.text === "string") lines.push(part.text);
    else if (part?.kind === "data") lines.push(JSON.stringify(part.data));
    else if (part?.kind === "file") {
      const file = part.file ?? {};
      const where = typeof file.uri === "string" ? file.uri : "inline bytes";
      lines.push(`[file ${file.name ?? ""} ${file.mimeType ?? ""} ${where}]`.replace(/ +/g, " "));
    }
  }
  return lines.join("\n");
}
