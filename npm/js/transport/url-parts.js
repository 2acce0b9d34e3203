// A URL as the platform's WHATWG parser reads it, packed for one crossing.

/**
 * What `new URL(text)` makes of `text`, in one crossing: `undefined` when it
 * throws, else a digit (1 when a username or password is present, else 0),
 * then `protocol`, `"\n"`, `hostname`, `"\n"`, `href`. The parser removes
 * every tab and newline from its input, so no part holds one.
 */
export function urlParts(text) {
  try {
    const url = new URL(text);
    return (url.username || url.password ? 1 : 0) + url.protocol + "\n" + url.hostname + "\n" + url.href;
  } catch {
    return undefined;
  }
}
