// Where the CLI's token comes from: one function, so every source is read
// in one place and in one order.

/**
 * The token part of createProxy's configuration: `{ token }` from
 * `MAGISTERIUM_TOKEN` in `env`, or `null` when no source has one.
 */
export async function tokenConfig(env) {
  const token = env.MAGISTERIUM_TOKEN?.trim();
  if (token) return { token };
  // SAVED LOGIN (issue 15) plugs in here: `{ tokenProvider }` over the
  // credentials `magisterium-a2a login` saved (refreshed as they expire),
  // when there are some.
  return null;
}
