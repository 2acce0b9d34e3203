// Asking the `tokenProvider`: the one thing the client's I/O asks of the
// caller's own code (see `index.js` for the others).

/**
 * A `tokenProvider`'s answer for a request to `url`: it is told the URL the
 * token goes to (`{ url }`), and after the server refused a token (a 401)
 * which one (`{ url, rejectedToken }`).
 */
export function askToken(provider, url, rejectedToken) {
  const context = { url };
  if (rejectedToken !== undefined) context.rejectedToken = rejectedToken;
  return provider(context);
}
