// `npx magisterium-a2a login`: signs in through the system browser (RFC 8252
// loopback redirect) and saves the tokens for scripts and the other commands.
import { parseArgs } from "node:util";
import { MagisteriumAuth } from "magisterium-a2a/auth";

export const summary = "sign in through your browser and save the tokens for scripts";

const HELP = `Usage: npx magisterium-a2a login [options]

Signs in through your browser: prints an address (and opens it when there is
a browser), waits for the authorization server to send the browser back to
127.0.0.1, then saves the tokens in a file only you can read.

Options:
  --issuer URL       the authorization server (default https://www.magisterium.com)
  --client-id ID     a client registered beforehand (default: registered now)
  --scope SCOPE      the scope to ask for (default: none asked)
  --file PATH        where to save the tokens (default: your config folder's magisterium-a2a/login.json)
  --no-open          print the address only; do not open a browser`;

export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      issuer: { type: "string" },
      "client-id": { type: "string" },
      scope: { type: "string" },
      file: { type: "string" },
      "no-open": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const auth = await MagisteriumAuth.login({
    issuer: values.issuer,
    clientId: values["client-id"],
    scope: values.scope,
    file: values.file,
    openBrowser: !values["no-open"],
    onUrl: (url) => console.log(`Open this address in a browser to sign in:\n\n  ${url}\n\nWaiting for the browser to come back…`),
  });
  console.log(auth.signedIn ? "Signed in; the tokens are saved." : "Not signed in.");
  return auth.signedIn ? 0 : 1;
}
