// Where the demo points first: `/demo-config.json`, which `cargo xtask demo`
// serves with the local simulator's endpoint and demo token.

/** The real service, used when the page is served without a demo config. */
export const SERVICE_ENDPOINT = "https://www.magisterium.com/api/v1/a2a";

/** `{ endpoint, token }` from `/demo-config.json`, or the real service with no token. */
export async function loadDemoConfig() {
  try {
    const response = await fetch("/demo-config.json", { cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { endpoint, token } = await response.json();
    return { endpoint: String(endpoint || SERVICE_ENDPOINT), token: String(token ?? "") };
  } catch {
    return { endpoint: SERVICE_ENDPOINT, token: "" };
  }
}
