// The CommonJS side of the consumer (with the copy of consumer.ts as
// `consumer.cts`): what `require("magisterium-a2a")` returns. Under Node's
// resolution that is the CommonJS build (typed by index.d.cts, and
// node-require.cts checks what only it has); under a bundler's, an ES build.
import magisterium = require("magisterium-a2a");

export async function commonjs(): Promise<void> {
  const client = new magisterium.MagisteriumClient({ tokenProvider: () => "fresh", maxResponseBytes: 1_048_576 });
  const answer: magisterium.QaAnswer = await client.ask("What is grace?");
  const agent = await magisterium.A2AClient.discover("https://agent.example", { rateLimit: { default: "15/min" } });
  const failure = new magisterium.MagisteriumError("NETWORK", "offline");
  // The proxy entry is an ES module: CommonJS reaches it through import().
  const { createProxy } = await import("magisterium-a2a/proxy");
  const proxy = createProxy({ token: "a-token", allowOrigins: ["https://parish.example"] });
  void [answer, agent, failure, proxy];
}
