// A script on the tokens `npx magisterium-a2a login` saved (run by
// sign-in.test.mjs as a separate process, as a user's script runs): one call,
// its outcome printed as JSON. LOGIN_FILE names the file, MAGISTERIUM_ENDPOINT
// the service.
import { MagisteriumClient } from "magisterium-a2a";
import { MagisteriumAuth } from "magisterium-a2a/auth";

const outcome = await MagisteriumAuth.fromSavedLogin({ file: process.env.LOGIN_FILE })
  .then((auth) => new MagisteriumClient({ tokenProvider: auth.tokenProvider, endpoint: process.env.MAGISTERIUM_ENDPOINT }))
  .then((client) => client.saintsOfTheDay("2026-03-19"))
  .then(
    (saints) => ({ saints }),
    (error) => ({ code: error.code, message: error.message }),
  );
console.log(JSON.stringify(outcome));
