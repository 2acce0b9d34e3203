// `npx magisterium-a2a logout`: revokes the saved tokens (where the server
// can) and removes them from the login file.
import { parseArgs } from "node:util";
import { MagisteriumAuth } from "magisterium-a2a/auth";

export const summary = "revoke and remove the tokens login saved";

const HELP = `Usage: npx magisterium-a2a logout [options]

Revokes the saved tokens where the authorization server can, and removes them.

Options:
  --issuer URL   which saved sign-in (default: the only one, else https://www.magisterium.com)
  --file PATH    the file login saved them in (default: your config folder's magisterium-a2a/login.json)`;

export async function run(args) {
  const { values } = parseArgs({
    args,
    options: { issuer: { type: "string" }, file: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  let auth;
  try {
    auth = await MagisteriumAuth.fromSavedLogin({ issuer: values.issuer, file: values.file });
  } catch (error) {
    if (error?.code !== "SIGN_IN_REQUIRED") throw error;
    console.log("Not signed in: nothing to remove.");
    return 0;
  }
  await auth.signOut();
  console.log("Signed out; the tokens are removed.");
  return 0;
}
