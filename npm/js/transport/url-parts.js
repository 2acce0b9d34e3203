// A URL as the platform's WHATWG parser reads it, packed for one crossing.

/**
 * What `new URL(text)` makes of `text`, in one crossing: `undefined` when it
 * throws, else its `protocol`, `hostname`, user information (`username` and
 * `password` joined: empty when the URL names none) and `href`, one per line.
 * The parser removes every tab and newline from its input, so no part holds one.
 */
export function urlParts(text) {
  try {
    const url = new URL(text);
    return [url.protocol, url.hostname, url.username + url.password, url.href].join("\n");
  } catch {
    return undefined;
  }
}
