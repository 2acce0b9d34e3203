// The npm half of the same-requests test (xtask/src/differential/same_requests.rs):
// the installed package's Node build runs the calls of `CALLS` on each agent
// of the recording server at `process.argv[2]` (`/v03`: JSON-RPC 0.3, `/v1`:
// JSON-RPC 1.0, `/rest`: HTTP+JSON 1.0, both naming a tenant), in the order
// the Rust half runs them, so that the server holds both clients' requests
// side by side. It prints nothing; a call that fails fails the script.
import { A2AClient } from "magisterium-a2a/agents";

const [base, ...agents] = process.argv.slice(2);

/** What both clients are made with. */
const OPTIONS = { token: "t0k", extensions: ["urn:ext:a", "urn:ext:b"], maxRetries: 0 };

for (const agent of agents) {
  const client = await A2AClient.discover(`${base}/${agent}`, OPTIONS);
  await client.sendMessage({ parts: [{ kind: "text", text: "hello" }], contextId: "ctx-1" });
  await client.getTask("task 1");
  await client.cancelTask("task 1");
  await client.listTasks({ contextId: "ctx-1", pageSize: 2 });
  for await (const _ of client.sendMessageStream({ parts: [{ kind: "text", text: "stream" }] }));
  for await (const _ of client.subscribeToTask("task 1"));
}
