// Safe DOM building for server content: every string becomes a text node,
// never HTML, and only http: and https: URLs ever become links.

/**
 * An element with `props` (class, attributes, dataset entries) and children:
 * strings become text nodes, nodes are appended, null and false are skipped.
 */
export function el(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") element.className = value;
    else if (name === "data") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

/** Appends children to `parent` as `el` does: strings as text, nodes as they are. */
function append(parent, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** `url` as an absolute http: or https: URL string, or null for anything else (javascript:, data:, relative…). */
function httpUrl(url) {
  if (typeof url !== "string" || url.trim() === "") return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A link opening in a new tab when `url` is http(s); otherwise the text alone, in a span. */
export function safeLink(url, text, props = {}) {
  const href = httpUrl(url);
  if (!href) return el("span", props, text);
  return el("a", { ...props, href, target: "_blank", rel: "noopener noreferrer" }, text);
}

/** A block of server text, its line breaks kept (by CSS), as text. */
export function textBlock(text, props = {}) {
  return el("div", { ...props, class: `text-block ${props.class ?? ""}`.trim() }, text);
}
