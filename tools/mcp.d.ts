/**
 * magisterium-a2a/tools/mcp — the tools served by an MCP server of the
 * official SDK (`@modelcontextprotocol/sdk`, an optional peer dependency to
 * install beside the package): `tools/list`, `tools/call` (a failure as a
 * result with `isError`, its structured data as `structuredContent`),
 * progress notifications while a task runs when the call has a progress
 * token, and a call's cancellation passed on as an abort (which cancels
 * the remote task). `npx magisterium-a2a mcp` serves it on stdio.
 */

import type { A2ATool, ToolSource } from "./index.js";

/** A transport of the MCP SDK (`StdioServerTransport`, `InMemoryTransport`, …), as far as the server uses it. */
export interface McpTransport {
  start(): Promise<void>;
  send(message: object, options?: object): Promise<void>;
  close(): Promise<void>;
}

/**
 * The MCP SDK's `Server` (`@modelcontextprotocol/sdk/server/index.js`) as
 * far as this entry's users need it (its types are written here, so that
 * checking them needs no SDK).
 */
export interface McpToolServer {
  /** Serves on `transport` (e.g. `new StdioServerTransport()`). */
  connect(transport: McpTransport): Promise<void>;
  close(): Promise<void>;
  /** Tells the client to list the tools again. */
  sendToolListChanged(): Promise<void>;
}

/** The server's name and version, as it tells its clients. */
export interface McpServerInfo {
  name?: string | null | undefined;
  version?: string | null | undefined;
}

/** An MCP server of the tools of `sources` (not yet connected: `await server.connect(transport)`). */
export function createMcpServer(sources: ReadonlyArray<readonly A2ATool[] | ToolSource>, info?: McpServerInfo | null): McpToolServer;
