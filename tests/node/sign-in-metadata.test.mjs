// An authorization server whose metadata names endpoints a sign-in must not
// use: a `javascript:`, `file:` or `data:` address, or plain http: to a host
// that is not loopback, for the page the user is sent to or for the endpoints
// that get the codes and tokens. `MagisteriumAuth.login` ends with
// SIGN_IN_FAILED before any address reaches `onUrl` (or a browser).
import { test } from "node:test";
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { MagisteriumError } from "magisterium-a2a";
import { MagisteriumAuth } from "magisterium-a2a/auth";
import { HOSTILE_ENDPOINTS, startMetadataServer } from "../metadata-server.mjs";
import { configHome } from "../sign-in-server.mjs";

/** `login` at `issuer`, stopped once it hands out an address: its outcome and the addresses `onUrl` got. */
async function login(issuer, file) {
  const urls = [];
  const stop = new AbortController();
  // Stopped once `login` waits for the browser, just after it called onUrl.
  const onUrl = (url) => (urls.push(url), setTimeout(() => stop.abort()));
  const options = { issuer, file, clientId: "app", openBrowser: false, onUrl, signal: stop.signal, timeoutMs: 30_000 };
  const error = await MagisteriumAuth.login(options).then(() => assert.fail("signed in"), (e) => e);
  assert.ok(error instanceof MagisteriumError, String(error));
  return { error, urls };
}

test("an endpoint the metadata names that is not https: (or http: on loopback) is SIGN_IN_FAILED before onUrl", async () => {
  const server = await startMetadataServer();
  const { home, file } = await configHome();
  try {
    // The same server with its own endpoints: the address reaches onUrl (then the test stops the login).
    const fine = await login(server.issuer, file);
    assert.equal(fine.urls.length, 1);
    assert.ok(fine.urls[0].startsWith(`${server.issuer}/oauth/authorize?`), fine.urls[0]);
    for (const [name, endpoints] of Object.entries(HOSTILE_ENDPOINTS)) {
      server.serve(endpoints);
      const { error, urls } = await login(server.issuer, file);
      assert.equal(error.code, "SIGN_IN_FAILED", `${name}: ${error.message}`);
      const [field] = Object.keys(endpoints);
      assert.match(error.message, new RegExp(`${field} must be an https: URL`), name);
      assert.deepEqual(urls, [], name);
    }
  } finally {
    await server.close();
    await rm(home, { recursive: true, force: true });
  }
});
