// `magisterium-a2a mcp`: an MCP server on stdio (the official
// `@modelcontextprotocol/sdk`, installed beside the package) serving
// Magisterium's tools and each `--agent`'s skills. Tokens come from the
// environment or the saved sign-in, never from a tool's arguments. stdout is
// the MCP channel: everything else goes to stderr.
import { parseArgs } from "node:util";
import { tokenConfig } from "./token-source.mjs";

/** The command's line in `magisterium-a2a --help`. */
export const summary = "serve Magisterium's tools and A2A agents' skills to an MCP client (stdio)";

/** What to run when the MCP SDK is not installed beside the package. */
const WITH_SDK = "npx -p magisterium-a2a -p @modelcontextprotocol/sdk magisterium-a2a mcp";

const USAGE = `usage: magisterium-a2a mcp [options]

An MCP server on stdin/stdout: Magisterium's tools (ask, search_documents,
fetch_document, mass_readings, saints_of_the_day) and a tool per skill of
each --agent, discovered when the tools are first listed.

  --agent URL                 an A2A agent's base URL (its card at URL/.well-known/…) (repeatable)
  --agent-token-env URL=NAME  the environment variable holding that agent's token (repeatable)
  --endpoint URL              Magisterium's A2A endpoint (default the vendor's; the simulator's
                              is http://127.0.0.1:8787/api/v1/a2a)
  --no-magisterium            serve only the agents' tools

Magisterium's token: MAGISTERIUM_TOKEN in the environment, else the sign-in
that \`npx magisterium-a2a login\` saved. Needs @modelcontextprotocol/sdk:
  ${WITH_SDK}`;

const OPTIONS = {
  agent: { type: "string", multiple: true, default: [] },
  "agent-token-env": { type: "string", multiple: true, default: [] },
  endpoint: { type: "string" },
  "no-magisterium": { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

/** How long the discovery of an --agent may take, in ms. */
const DISCOVERY_TIMEOUT_MS = 10_000;

/** `URL=NAME` pairs as a map of agent URL → environment variable name. */
function tokenEnvs(pairs) {
  const names = new Map();
  for (const pair of pairs) {
    const at = pair.lastIndexOf("=");
    if (at < 1) throw new Error(`--agent-token-env takes URL=NAME, not "${pair}"`);
    names.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return names;
}

export async function run(args) {
  const { values } = parseArgs({ args, options: OPTIONS });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  let stdio;
  try {
    stdio = await import("@modelcontextprotocol/sdk/server/stdio.js");
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    console.error(`magisterium-a2a mcp needs @modelcontextprotocol/sdk installed beside it: run \`${WITH_SDK}\``);
    return 1;
  }
  const { createMcpServer } = await import("../tools/mcp.js");
  const { magisteriumTools, toolsOnFirstUse } = await import("../tools/index.js");
  const taken = new Set();
  const sources = [];
  let server;
  if (!values["no-magisterium"]) {
    const { MagisteriumClient } = await import("magisterium-a2a");
    const client = new MagisteriumClient({ endpoint: values.endpoint, ...(await tokenConfig(process.env)) });
    sources.push(magisteriumTools(client, { taken }));
  }
  const envs = tokenEnvs(values["agent-token-env"]);
  if (values.agent.length) {
    const { A2AClient } = await import("magisterium-a2a/agents");
    for (const url of values.agent) {
      const name = envs.get(url);
      const token = name ? process.env[name]?.trim() || undefined : undefined;
      if (name && !token) console.error(`magisterium-a2a mcp: ${name} is empty: ${url} gets no token`);
      // A tools/list waits for a card at most DISCOVERY_TIMEOUT_MS: an agent that is down then is its stand-in tool.
      const discover = () => A2AClient.discover(url, { token, timeoutMs: DISCOVERY_TIMEOUT_MS });
      sources.push(toolsOnFirstUse(url, discover, { taken, onChange: () => server.sendToolListChanged() }));
    }
  }
  const { createRequire } = await import("node:module");
  const { version } = createRequire(import.meta.url)("../package.json");
  server = createMcpServer(sources, { name: "magisterium-a2a", version });
  const closed = new Promise((resolve) => (server.onclose = resolve));
  process.stdin.once("end", () => server.close());
  await server.connect(new stdio.StdioServerTransport());
  const agents = `${values.agent.length} agent${values.agent.length === 1 ? "" : "s"}`;
  console.error(`magisterium-a2a mcp: serving on stdio (${values["no-magisterium"] ? "" : "Magisterium, "}${agents})`);
  await closed;
  return 0;
}
