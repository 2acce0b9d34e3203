// A2AClient's extras (issue 26 §3: `client.extras()`, the extended card and
// push-notification configs) and extensions: against the @a2a-js/sdk 1.3
// fixture agents (`/compat` has an extended card and push notifications in
// both versions, `/rest` push notifications over HTTP+JSON, `/v1` neither),
// and against a local agent that activates extensions.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { A2AClient } from "magisterium-a2a/agents";
import { agentV1Url, rejectsWith } from "./harness.mjs";

if (!agentV1Url) throw new Error("A2A_AGENT_V1_URL is not set: run these suites through `cargo xtask test`");

test("the extended card, when the card offers one, in either version", async () => {
  for (const protocolVersion of ["1.0", "0.3"]) {
    const agent = await A2AClient.discover(`${agentV1Url}/compat`, { protocolVersion });
    assert.equal(agent.protocolVersion, protocolVersion);
    const extras = await agent.extras();
    const card = await extras.extendedCard();
    assert.match(card.name, /\(extended\)$/, protocolVersion);
    assert.equal(card.kind, undefined, "the card as sent, not brought to a task's shape");
    assert.ok(Array.isArray(card.skills) && card.capabilities, protocolVersion);
    await rejectsWith(extras.extendedCard({ nope: 1 }), { code: "INVALID_INPUT" });
  }
  // A card without one: refused before any request.
  const plain = await A2AClient.discover(`${agentV1Url}/v1`);
  const asked = () => served("POST /v1/a2a method=GetExtendedAgentCard");
  const before = await asked();
  await rejectsWith((await plain.extras()).extendedCard(), { code: "AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED", rpcCode: undefined });
  assert.equal(await asked(), before, "no request");
  // A client built for the endpoint asks (the SDK answers a card without the capability with -32004).
  const built = new A2AClient({ endpoint: `${agentV1Url}/v1/a2a`, protocolVersion: "1.0" });
  await rejectsWith((await built.extras()).extendedCard(), { code: "UNSUPPORTED_OPERATION", rpcCode: -32004 });
  assert.equal(await asked(), before + 1);
});

/** The fixture's count of `key` (a request line, see `tests/a2a-agent-v1/requests.mjs`). */
async function served(key) {
  return (await (await fetch(`${agentV1Url}/_requests`)).json())[key] ?? 0;
}

// A webhook nothing listens on (port 9, discard): the configs are only stored.
const hook = "http://127.0.0.1:9/hook";

for (const [name, options, binding] of [
  ["compat", { protocolVersion: "1.0" }, "JSONRPC"],
  ["compat", { protocolVersion: "0.3" }, "JSONRPC"],
  ["rest", {}, "HTTP+JSON"],
]) {
  const at = `/${name} ${binding} ${options.protocolVersion ?? "1.0"}`;
  test(`push-notification configs: create, get, list, delete (${at})`, async () => {
    const agent = await A2AClient.discover(`${agentV1Url}/${name}`, options);
    assert.equal(agent.binding, binding);
    const task = await agent.sendMessage({ parts: [{ kind: "text", text: "hi" }], skillId: "echo" });
    const push = await agent.extras();
    const config = { id: "hook-1", url: hook, token: "webhook-secret" };
    const created = await push.createPushNotificationConfig(task.id, config);
    // Kept under the id sent, over either binding.
    const id = "hook-1";
    assert.deepEqual(created, { taskId: task.id, pushNotificationConfig: { ...config, id } }, "stored, in 0.3's shape");
    assert.deepEqual(await push.getPushNotificationConfig(task.id, id), created);
    const list = await push.listPushNotificationConfigs(task.id);
    assert.deepEqual(list.configs, [created]);
    assert.equal(await push.deletePushNotificationConfig(task.id, id), undefined);
    assert.deepEqual((await push.listPushNotificationConfigs(task.id)).configs, []);
    await rejectsWith(push.getPushNotificationConfig(task.id, id), { code: "TASK_NOT_FOUND" });
    await rejectsWith(push.createPushNotificationConfig("no-such-task", config), { code: "TASK_NOT_FOUND" });
  });
}

test("push-notification configs: an agent without them, and arguments refused before any request", async () => {
  const agent = await A2AClient.discover(`${agentV1Url}/v1`);
  const task = await agent.sendMessage({ parts: [{ kind: "text", text: "hi" }], skillId: "echo" });
  const push = await agent.extras();
  const refused = { code: "PUSH_NOTIFICATION_NOT_SUPPORTED", rpcCode: -32003 };
  await rejectsWith(push.createPushNotificationConfig(task.id, { url: hook }), refused);
  await rejectsWith(push.listPushNotificationConfigs(task.id), { code: "PUSH_NOTIFICATION_NOT_SUPPORTED" });
  const before = await served("POST /v1/a2a");
  for (const bad of [
    () => push.createPushNotificationConfig(task.id, { id: "no url" }),
    () => push.createPushNotificationConfig(task.id, "https://hook.example/"),
    () => push.createPushNotificationConfig("", { url: hook }),
    () => push.createPushNotificationConfig(task.id, { url: hook }, { nope: 1 }),
    () => push.getPushNotificationConfig(task.id, " "),
    () => push.getPushNotificationConfig(task.id),
    () => push.deletePushNotificationConfig(undefined, "c"),
    () => push.listPushNotificationConfigs(42),
  ]) {
    await rejectsWith(bad(), { code: "INVALID_INPUT" });
  }
  assert.equal(await served("POST /v1/a2a"), before, "no request");
});

/**
 * A 0.3 or 1.0 agent (`version`) on 127.0.0.1 that activates every extension
 * asked for whose URI ends with its task id; records the requests' headers.
 */
async function extensionsAgent(t, version) {
  const seen = [];
  const header = version === "1.0" ? "a2a-extensions" : "x-a2a-extensions";
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen.push(request.headers);
      const { id, method, params } = JSON.parse(body);
      response.setHeader("Content-Type", "application/json");
      if (/ExtendedAgentCard$|ExtendedCard$/.test(method)) {
        return response.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32007, message: "no extended card" } }));
      }
      const taskId = params.id;
      const asked = (request.headers[header] ?? "").split(",").filter((uri) => uri.endsWith(taskId));
      if (asked.length) response.setHeader(version === "1.0" ? "A2A-Extensions" : "X-A2A-Extensions", asked.join(", "));
      const state = version === "1.0" ? "TASK_STATE_COMPLETED" : "completed";
      const task = { id: taskId, contextId: "c", status: { state }, ...(version === "1.0" ? {} : { kind: "task" }) };
      // The first task's answer waits for the second's, so both calls are in flight at once.
      setTimeout(() => response.end(JSON.stringify({ jsonrpc: "2.0", id, result: task })), taskId === "one" ? 100 : 0);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.close());
  return { endpoint: `http://127.0.0.1:${server.address().port}/a2a`, seen };
}

for (const protocolVersion of ["1.0", "0.3"]) {
  test(`extensions are asked for on every request, and each answer carries its own (${protocolVersion})`, async (t) => {
    const { endpoint, seen } = await extensionsAgent(t, protocolVersion);
    const extensions = ["urn:ext:one", "urn:ext:two"];
    const agent = new A2AClient({ endpoint, protocolVersion, extensions });
    const [one, two] = await Promise.all([agent.getTask("one"), agent.getTask("two")]);
    assert.deepEqual([one.id, one.activatedExtensions], ["one", ["urn:ext:one"]]);
    assert.deepEqual([two.id, two.activatedExtensions], ["two", ["urn:ext:two"]], "never the other call's");
    const name = protocolVersion === "1.0" ? "a2a-extensions" : "x-a2a-extensions";
    for (const headers of seen) assert.equal(headers[name], "urn:ext:one,urn:ext:two");
    const none = await agent.getTask("three");
    assert.equal("activatedExtensions" in none, false, "none activated: no member");
    const plain = await new A2AClient({ endpoint, protocolVersion }).getTask("one");
    assert.equal(plain.activatedExtensions, undefined, "none asked for, none activated");
    assert.equal(seen.at(-1)[name], undefined, "no header without the option");
    const error = await rejectsWith((await agent.extras()).extendedCard(), { code: "AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED" });
    assert.equal(error.rpcCode, -32007, "the agent's answer");
  });
}

test("the extensions option is checked at each call, before any request", async (t) => {
  const { endpoint, seen } = await extensionsAgent(t, "0.3");
  for (const extensions of ["urn:a", [1], ["a,b"], ["a b"], ["a\r\nX: 1"], [""]]) {
    const agent = new A2AClient({ endpoint, extensions });
    await rejectsWith(agent.getTask("one"), { code: "INVALID_INPUT" });
  }
  assert.equal(seen.length, 0, "no request sent");
  const none = await new A2AClient({ endpoint, extensions: [] }).getTask("one");
  assert.equal(seen.at(-1)["x-a2a-extensions"], undefined, "an empty list asks for none");
  assert.equal(none.id, "one");
});
