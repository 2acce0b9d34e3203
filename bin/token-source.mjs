// Where the CLI's token comes from: one function, so every source is read
// in one place and in one order.

/**
 * The token part of createProxy's configuration: `{ token }` from
 * `MAGISTERIUM_TOKEN` in `env`; else `{ tokenProvider }` of the sign-in that
 * `npx magisterium-a2a login` saved (refreshed in its file as it expires,
 * and after a 401, when the proxy passes `{ rejectedToken }`); else `null`.
 */
export async function tokenConfig(env) {
  const token = env.MAGISTERIUM_TOKEN?.trim();
  if (token) return { token };
  const { MagisteriumAuth } = await import("magisterium-a2a/auth");
  try {
    return { tokenProvider: (await MagisteriumAuth.fromSavedLogin()).tokenProvider };
  } catch (error) {
    if (error?.code === "SIGN_IN_REQUIRED") return null;
    throw error;
  }
}
