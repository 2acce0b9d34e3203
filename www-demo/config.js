// Where the demo points first: `/demo-config.json`, which `cargo xtask demo`
// serves with the local simulator's endpoint, demo token and (for signing
// in) its base URL as the authorization server.

/** The real service, used when the page is served without a demo config. */
export const SERVICE_ENDPOINT = "https://www.magisterium.com/api/v1/a2a";
/** The real service's authorization server. */
export const SERVICE_ISSUER = "https://www.magisterium.com";

/** `{ endpoint, token, issuer }` from `/demo-config.json`, or the real service with no token. */
export async function loadDemoConfig() {
  const service = { endpoint: SERVICE_ENDPOINT, token: "", issuer: SERVICE_ISSUER };
  try {
    const response = await fetch("/demo-config.json", { cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { endpoint, token, issuer } = await response.json();
    return { endpoint: String(endpoint || SERVICE_ENDPOINT), token: String(token ?? ""), issuer: String(issuer || SERVICE_ISSUER) };
  } catch {
    return service;
  }
}
