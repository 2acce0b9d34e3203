// A Rollup app that awaits init() first, as the README's quickstart does.
import init, { MagisteriumClient, MagisteriumError } from "magisterium-a2a";
import { MagisteriumAuth } from "magisterium-a2a/auth";
import initAgents, * as agents from "magisterium-a2a/agents";
import { exercise, pageEndpoint, report } from "../calls.mjs";

report(async () => {
  await init();
  await initAgents();
  return exercise({ MagisteriumClient, MagisteriumError, MagisteriumAuth, agents }, pageEndpoint());
});
