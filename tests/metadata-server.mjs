// The sign-in suites' authorization server with metadata of the test's
// choosing (RFC 8414's document, with CORS for pages, and a blank page at its
// authorization endpoint): the endpoints it names are the simulator's paths
// on itself unless the test overrides them.
import { createServer } from "node:http";

/**
 * Starts a server on a free 127.0.0.1 port: `{ issuer, serve(endpoints), close() }`;
 * `serve` sets the fields laid over its metadata from then on. The test must `close()` it.
 */
export async function startMetadataServer() {
  let endpoints = {};
  const server = createServer((request, response) => {
    const issuer = `http://127.0.0.1:${server.address().port}`;
    const cors = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "*" };
    if (request.method === "OPTIONS") return response.writeHead(204, cors).end();
    // Where a page that passed the checks goes: a stand-in for the consent page.
    if (request.url.startsWith("/oauth/authorize?")) return response.writeHead(200, { "Content-Type": "text/html" }).end("<title>consent</title>");
    if (request.url !== "/.well-known/oauth-authorization-server") return response.writeHead(404, cors).end();
    const metadata = {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      ...endpoints,
    };
    response.writeHead(200, { ...cors, "Content-Type": "application/json", "Cache-Control": "no-store" }).end(JSON.stringify(metadata));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    issuer: `http://127.0.0.1:${server.address().port}`,
    serve: (given) => (endpoints = given),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

/** Metadata a sign-in must refuse, by what is wrong with it. */
export const HOSTILE_ENDPOINTS = {
  "javascript:": { authorization_endpoint: "javascript:void((opener || window).signInPwned = true)" },
  "file:": { authorization_endpoint: "file:///etc/passwd" },
  "data:": { authorization_endpoint: "data:text/html,<script>opener.signInPwned = true</script>" },
  "not a URL": { authorization_endpoint: "/oauth/authorize" },
  "http: to another host": { authorization_endpoint: "http://login.example/authorize" },
  "http: to a name that looks like loopback": { authorization_endpoint: "http://127.0.0.1.nip.io/authorize" },
  "a token endpoint over http: to another host": { token_endpoint: "http://login.example/token" },
  "a revocation endpoint on file:": { revocation_endpoint: "file:///tmp/revoke" },
};
