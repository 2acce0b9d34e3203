// The behaviour table (`tests/agent-behaviours.mjs`) in Chromium, cross-origin:
// every case on every binding of the fixture agents on the official SDKs, run
// in the page (the web build of `magisterium-a2a/agents`), the results
// identical across bindings of one version. One page for the whole table.
import { test } from "node:test";
import { HELPERS, bindHelpers, runTable } from "../agent-behaviours.mjs";
import { agentV1Url, withAgentPage } from "./agent-page.mjs";

/** The source of each helper, to install in the page. */
const helperSources = Object.fromEntries(Object.entries(HELPERS).map(([name, helper]) => [name, String(helper)]));

test("the behaviour table in Chromium, each binding a column", (t) =>
  withAgentPage(async (page) => {
    await page.evaluate(([sources, bind]) => {
      const helpers = Object.fromEntries(Object.entries(sources).map(([name, source]) => [name, (0, eval)(`(${source})`)]));
      window.h = (0, eval)(`(${bind})`)(helpers, a2a.MagisteriumError);
    }, [helperSources, String(bindHelpers)]);
    await runTable(t, agentV1Url, async (base, options) => {
      const found = await page.evaluate(async ([base, options]) => {
        window.client = await a2a.A2AClient.discover(base, options);
        return { binding: client.binding, protocolVersion: client.protocolVersion };
      }, [base, options]);
      return { ...found, run: (run) => page.evaluate((source) => (0, eval)(`(${source})`)(window.client, window.h), String(run)) };
    });
  }));
