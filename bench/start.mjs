// One start sample: the time from just before `import()` to a client that
// can make its first call, in a page of a fresh browser context (nothing
// cached). Ours: import the web build of an entry, `await init()` (fetch,
// compile and instantiate its .wasm), then `new MagisteriumClient`
// (`magisterium-a2a`) or `new A2AClient` (`magisterium-a2a/agents`). The anchor: import the
// esbuild bundle of `@a2a-js/sdk`'s `A2AClient` and construct it from an
// agent card object with a `fetchImpl` adding the Bearer token (no request).

/** The token both clients are given (the simulator's default). */
const TOKEN = "demo-token";

/** What `A2AClient` needs to know of the agent to call it: its card. */
function agentCard(endpoint) {
  return {
    name: "Magisterium AI", description: "Catholic answers", url: endpoint, version: "1.0.0",
    protocolVersion: "0.3.0", capabilities: {}, defaultInputModes: ["text"], defaultOutputModes: ["text"], skills: [],
  };
}

/** Adds the Bearer token to every request of the anchor client. */
function withToken(url, init = {}) {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${TOKEN}`);
  return fetch(url, { ...init, headers });
}

/**
 * Milliseconds from `import()` to a constructed client of `side` (`ours`:
 * `magisterium-a2a`, `agents`: `magisterium-a2a/agents`, or `js`: the
 * anchor): `total`, and `imported`, when the `import()` alone had resolved.
 */
window.startSample = async (side, endpoint) => {
  const start = performance.now();
  if (side === "ours") {
    const { default: init, MagisteriumClient } = await import("/pkg/web/index.js");
    const imported = performance.now() - start;
    await init();
    new MagisteriumClient({ endpoint, token: TOKEN });
    return { total: performance.now() - start, imported };
  }
  if (side === "agents") {
    const { default: init, A2AClient } = await import("/pkg/web/agents.js");
    const imported = performance.now() - start;
    await init();
    new A2AClient({ endpoint, token: TOKEN });
    return { total: performance.now() - start, imported };
  }
  const { A2AClient } = await import("/anchors/a2a-sdk.js");
  const imported = performance.now() - start;
  new A2AClient(agentCard(endpoint), { fetchImpl: withToken });
  return { total: performance.now() - start, imported };
};
