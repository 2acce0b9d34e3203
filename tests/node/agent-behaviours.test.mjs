// The behaviour table (`tests/agent-behaviours.mjs`) in Node: every case on
// every binding of the fixture agents on the official SDKs, the results
// identical across bindings of one version.
import { test } from "node:test";
import { A2AClient, MagisteriumError } from "magisterium-a2a/agents";
import { HELPERS, bindHelpers, runTable } from "../agent-behaviours.mjs";
import { agentV1Url } from "./harness.mjs";

if (!agentV1Url) throw new Error("A2A_AGENT_V1_URL is not set: run these suites through `cargo xtask test`");

const h = bindHelpers(HELPERS, MagisteriumError);

test("the behaviour table, each binding a column", (t) =>
  runTable(t, agentV1Url, async (base, options) => {
    const client = await A2AClient.discover(base, options);
    return { binding: client.binding, protocolVersion: client.protocolVersion, run: (run) => run(client, h) };
  }));
