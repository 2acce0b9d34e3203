// What every consumer app does, in a page or in Node: a skill call and an error
// path against the simulator, cross-origin in a page. Its outcome is plain data
// for the test to compare.

/** The parts of a MagisteriumError a test compares (or the thrown value, described). */
export function describe(error, MagisteriumError) {
  if (!(error instanceof MagisteriumError)) return { notMagisteriumError: String(error) };
  return { name: error.name, code: error.code, rpcCode: error.rpcCode, message: error.message };
}

/** `saintsOfTheDay` for a day with an entry, and `getTask` of an unknown task. */
export async function exercise({ MagisteriumClient, MagisteriumError }, endpoint) {
  const client = new MagisteriumClient({ token: "demo-token", endpoint });
  const saints = await client.saintsOfTheDay("2026-03-19");
  const unknownTask = await client.getTask("no-such-task").then(
    () => "resolved",
    (e) => describe(e, MagisteriumError),
  );
  return { saints, unknownTask };
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
