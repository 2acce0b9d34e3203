// magisterium-a2a/tools/mcp: the tools served by an MCP server of the
// official SDK (`@modelcontextprotocol/sdk`, an optional peer dependency):
// `tools/list` and `tools/call`, progress notifications while a task runs
// (when the call asks with a progress token), and the call's cancellation
// passed on as an abort (which cancels the remote task).

import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { callTool, schemaOf } from "./call.js";

/** Every tool of `sources` (arrays of tools, or `{ list() }` of `toolsOnFirstUse`), in order. */
async function listAll(sources) {
  const lists = await Promise.all(sources.map((source) => (Array.isArray(source) ? source : source.list())));
  return lists.flat();
}

/**
 * An MCP server (not yet connected: `await server.connect(transport)`)
 * serving the tools of `sources`. `info`: its `name` and `version`.
 */
export function createMcpServer(sources, info) {
  const server = new Server(
    { name: info?.name ?? "magisterium-a2a", version: info?.version ?? "0.0.0" },
    { capabilities: { tools: { listChanged: true } } },
  );
  // The tools as last listed: a call runs one of them without listing again (which would try
  // again to discover an agent that is down, before every call); a name not among them lists again.
  let listed = [];
  const list = async () => (listed = await listAll(sources));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await list()).map((tool) => ({ name: tool.name, description: tool.description, inputSchema: schemaOf(tool) })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const token = request.params._meta?.progressToken;
    // The notifications sent, awaited before the result (a client drops those that come after it),
    // then one turn of the event loop: the SDK's client runs a notification's handler a microtask
    // after reading it, and drops it when the result was in the same read (the SDK's open issue
    // modelcontextprotocol/typescript-sdk#2580); this makes that rarer, it cannot rule it out.
    const sent = [];
    const onProgress =
      token === undefined
        ? undefined
        : ({ progress, message }) => {
            const params = { progressToken: token, progress, ...(message ? { message } : {}) };
            sent.push(extra.sendNotification({ method: "notifications/progress", params }).catch(() => {}));
          };
    const tools = listed.some((tool) => tool.name === request.params.name) ? listed : await list();
    const answer = await callTool(tools, request.params.name, request.params.arguments ?? {}, { signal: extra.signal, onProgress });
    if (sent.length) await Promise.all(sent).then(() => new Promise((resolve) => setTimeout(resolve, 0)));
    return {
      content: [{ type: "text", text: answer.text }],
      ...(answer.data ? { structuredContent: answer.data } : {}),
      isError: answer.isError,
    };
  });
  return server;
}
