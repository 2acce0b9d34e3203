// The CommonJS side of the consumer (with the copies of consumer.ts and
// agents.ts as `.cts`): what `require("magisterium-a2a")` and
// `require("magisterium-a2a/agents")` return. Under Node's resolution those
// are the CommonJS builds (typed by the .d.cts files, and node-require.cts
// checks what only they have); under a bundler's, ES builds.
import magisterium = require("magisterium-a2a");
import agents = require("magisterium-a2a/agents");

export async function commonjs(): Promise<void> {
  const client = new magisterium.MagisteriumClient({ tokenProvider: () => "fresh", maxResponseBytes: 1_048_576 });
  const answer: magisterium.QaAnswer = await client.ask("What is grace?");
  const agent = await agents.A2AClient.discover("https://agent.example", { rateLimit: { default: "15/min" } });
  const failure: magisterium.MagisteriumError = new agents.MagisteriumError("NETWORK", "offline");
  // The proxy entry is an ES module: CommonJS reaches it through import().
  const { createProxy } = await import("magisterium-a2a/proxy");
  const proxy = createProxy({ token: "a-token", allowOrigins: ["https://parish.example"] });
  void [answer, agent, failure, proxy];
}
