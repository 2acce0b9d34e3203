// Where the CLI's token comes from: one function, so every source is read
// in one place and in one order.

/**
 * The token part of createProxy's configuration: `{ token }` from
 * `MAGISTERIUM_TOKEN` in `env`, or `null` when no source has one.
 */
export async function tokenConfig(env) {
  const token = env.MAGISTERIUM_TOKEN?.trim();
  if (token) return { token };
  // SAVED LOGIN (issue 15) plugs in here: when `magisterium-a2a login` saved
  // credentials, `{ tokenProvider: (await MagisteriumAuth.fromSavedLogin()).tokenProvider }`
  // (magisterium-a2a/auth, refreshed as they expire; the proxy passes it
  // `{ rejectedToken }` after a 401).
  return null;
}
