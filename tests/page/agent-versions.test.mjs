// A2AClient in Chromium, cross-origin, against the fixture agents on the
// official SDKs: which A2A version discovery chooses from each card, the
// preflight a v1.0 call's A2A-Version header brings, the -32009 fallback of
// an agent whose card offers more than it speaks. Every method in every
// binding: the behaviour table (agent-behaviours.test.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { agents, requestCounts, requestsSince, withAgentPage } from "./agent-page.mjs";

/** Discovers `base` with `options` in `page`; the client's `protocolVersion` and `endpoint`. */
function discovered(page, base, options = {}) {
  return page.evaluate(async ([base, options]) => {
    const client = await a2a.A2AClient.discover(base, options);
    return { protocolVersion: client.protocolVersion, endpoint: client.endpoint };
  }, [base, options]);
}

const choices = [
  { name: "a v1.0 card (/v1)", base: agents.v1, version: "1.0" },
  { name: "a card offering 1.0 then 0.3 (/compat)", base: agents.compat, version: "1.0" },
  { name: "a v0.3 card (the v0.3 fixture)", base: agents.v03, version: "0.3" },
  { name: 'protocolVersion: "0.3" on /compat', base: agents.compat, options: { protocolVersion: "0.3" }, version: "0.3" },
];

for (const { name, base, options, version } of choices) {
  test(`discovery of ${name} chooses ${version}`, async () => {
    await withAgentPage(async (page) => {
      assert.deepEqual(await discovered(page, base, options), { protocolVersion: version, endpoint: `${base}/a2a` });
    });
  });
}

/**
 * The CORS preflights `page` sends from now on, as `{ url, asks }` (`asks`:
 * its `Access-Control-Request-Headers`), seen through DevTools: Playwright's
 * own request events leave preflights out.
 */
async function watchPreflights(page) {
  const preflights = [];
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Network.enable");
  devtools.on("Network.requestWillBeSent", ({ request }) => {
    if (request.method === "OPTIONS") preflights.push({ url: request.url, asks: request.headers["Access-Control-Request-Headers"] });
  });
  return preflights;
}

test("a v1.0 call is preflighted for A2A-Version and the agent allows it; a v0.3 call asks for no such header", async () => {
  await withAgentPage(async (page) => {
    const preflights = await watchPreflights(page);
    const before = await requestCounts();
    const states = await page.evaluate(async (bases) => {
      const states = [];
      for (const base of bases) {
        const client = await a2a.A2AClient.discover(base);
        states.push((await client.sendMessage(message("echo preflight"))).status.state);
      }
      return states;
    }, [agents.v1, agents.v03]);
    assert.deepEqual(states, ["completed", "completed"]);
    assert.deepEqual(preflights, [
      { url: `${agents.v1}/a2a`, asks: "a2a-version,content-type" },
      { url: `${agents.v03}/a2a`, asks: "content-type" },
    ]);
    const seen = await requestsSince(before);
    assert.equal(seen["OPTIONS /v1/a2a"], 1, "the agent saw the preflight");
    assert.equal(seen["POST /v1/a2a A2A-Version=1.0"], 1);
  });
});

test("/old answers -32009 to v1.0: the first call succeeds in v0.3 and the client stays on 0.3", async () => {
  await withAgentPage(async (page) => {
    const versions = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url() === `${agents.old}/a2a`) versions.push(request.headers()["a2a-version"] ?? "none");
    });
    const before = await requestCounts();
    const seen = await page.evaluate(async (base) => {
      const client = await a2a.A2AClient.discover(base);
      const chosen = client.protocolVersion;
      const first = await client.sendMessage(message("echo old"));
      const after = client.protocolVersion;
      const second = await client.sendMessage(message("echo again"));
      return { chosen, after, states: [first.status.state, second.status.state], endpoint: client.endpoint };
    }, agents.old);
    assert.deepEqual(seen, { chosen: "1.0", after: "0.3", states: ["completed", "completed"], endpoint: `${agents.old}/a2a` });
    assert.deepEqual(versions, ["1.0", "none", "none"], "one v1.0 attempt, then v0.3 (no header) for both calls");
    const counted = await requestsSince(before);
    assert.equal(counted["POST /old/a2a A2A-Version=1.0"], 1);
    assert.equal(counted["POST /old/a2a A2A-Version=none"], 2);
  });
});

test("a card offering HTTP+JSON then JSON-RPC (/both): HTTP+JSON by the card's order, JSON-RPC when the option says so", async () => {
  await withAgentPage(async (page) => {
    const posted = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posted.push([new URL(request.url()).pathname, request.headers()["a2a-version"] ?? "none"]);
    });
    const seen = await page.evaluate(async (base) => {
      const chosen = await a2a.A2AClient.discover(base);
      const forced = await a2a.A2AClient.discover(base, { binding: "JSONRPC" });
      const states = [(await chosen.sendMessage(message("echo rest"))).status.state, (await forced.sendMessage(message("echo rpc"))).status.state];
      const urls = chosen.card.supportedInterfaces.map((i) => i.url);
      return { urls, states, chosen: [chosen.binding, chosen.endpoint], forced: [forced.binding, forced.endpoint] };
    }, agents.both);
    assert.deepEqual(seen.states, ["completed", "completed"]);
    assert.deepEqual(seen.chosen, ["HTTP+JSON", seen.urls[0]]);
    assert.deepEqual(seen.forced, ["JSONRPC", seen.urls[1]]);
    const [rest, rpc] = seen.urls.map((url) => new URL(url).pathname.replace(/\/$/, ""));
    assert.deepEqual(posted, [[`${rest}/message:send`, "1.0"], [rpc, "1.0"]]);
  });
});
