// A page without a bundler on the web build: a client made before `await init()`
// fails with NOT_INITIALIZED (not a TypeError); after it, the calls work.
import init, { MagisteriumClient, MagisteriumError } from "magisterium-a2a";
import initAgents, * as agents from "magisterium-a2a/agents";
import { MagisteriumAuth } from "magisterium-a2a/auth";
import { describe, exercise, pageEndpoint, report } from "../calls.mjs";

report(async () => {
  const endpoint = pageEndpoint();
  let constructed = "constructed";
  try {
    new MagisteriumClient({ token: "demo-token", endpoint });
  } catch (e) {
    constructed = describe(e, MagisteriumError);
  }
  const discovered = await agents.A2AClient.discover(endpoint).then(
    () => "resolved",
    (e) => describe(e, MagisteriumError),
  );
  await init();
  await initAgents();
  const calls = await exercise({ MagisteriumClient, MagisteriumError, MagisteriumAuth, agents }, endpoint);
  return { beforeInit: { constructed, discovered }, ...calls };
});
