// What every consumer app does, in a page or in Node: a skill call and an error
// path against the simulator, cross-origin in a page, the same through
// `magisterium-a2a/agents`, and the sign-in entry's error before any sign-in,
// alone and through the client (the same MagisteriumError class, whichever
// build and entry the app got). Its outcome is plain data for the test to compare.

/** The parts of a MagisteriumError a test compares (or the thrown value, described). */
export function describe(error, MagisteriumError) {
  if (!(error instanceof MagisteriumError)) return { notMagisteriumError: String(error) };
  return { name: error.name, code: error.code, rpcCode: error.rpcCode, message: error.message };
}

/**
 * `saintsOfTheDay` for a day with an entry, `getTask` of an unknown task, the
 * same through an `A2AClient` of `agents` (the entry `magisterium-a2a/agents`:
 * `{ A2AClient, MagisteriumError }`), whether each entry's error is an
 * instance of the other's class, and a `MagisteriumAuth` not signed in: its
 * tokenProvider, and a call with it.
 */
export async function exercise({ MagisteriumClient, MagisteriumError, MagisteriumAuth, agents }, endpoint) {
  const client = new MagisteriumClient({ token: "demo-token", endpoint });
  const saints = await client.saintsOfTheDay("2026-03-19");
  const unknownTask = await client.getTask("no-such-task").then(
    () => "resolved",
    (e) => describe(e, MagisteriumError),
  );
  const auth = new MagisteriumAuth({ redirectUri: globalThis.location?.href ?? "http://127.0.0.1/callback" });
  const notSignedIn = await auth.tokenProvider().then(() => "resolved", (e) => describe(e, MagisteriumError));
  const viaClient = await new MagisteriumClient({ tokenProvider: auth.tokenProvider, endpoint })
    .saintsOfTheDay("2026-03-19")
    .then(() => "resolved", (e) => describe(e, MagisteriumError));
  const agent = new agents.A2AClient({ token: "demo-token", endpoint });
  const fromAgents = await agent.getTask("no-such-task").then(() => "resolved", (e) => e);
  const fromClient = await client.getTask("no-such-task").then(() => "resolved", (e) => e);
  const acrossEntries = {
    agentsErrorIsEntryError: fromAgents instanceof MagisteriumError,
    entryErrorIsAgentsError: fromClient instanceof agents.MagisteriumError,
    oneClass: agents.MagisteriumError === MagisteriumError,
  };
  const agentsCalls = { unknownTask: describe(fromAgents, agents.MagisteriumError), acrossEntries };
  return { saints, unknownTask, agents: agentsCalls, signIn: { notSignedIn, viaClient } };
}

/** In a page: the simulator endpoint the test put in the page's URL. */
export function pageEndpoint() {
  return new URLSearchParams(location.search).get("endpoint");
}

/** In a page: puts what `run()` resolves with (or why it failed) in `window.outcome`. */
export function report(run) {
  Promise.resolve()
    .then(run)
    .then(
      (result) => (window.outcome = { result }),
      (error) => (window.outcome = { failed: String(error?.stack ?? error) }),
    );
}
