// The connection: the endpoint field, a token from the token field or from
// signing in (magisterium-a2a/auth, at the configured authorization server:
// the local simulator under `cargo xtask demo`), and the one client made from
// them. Tokens live only in this page's memory: never stored, put in the URL
// or logged.
import init, { MagisteriumClient } from "magisterium-a2a";
import { MagisteriumAuth } from "magisterium-a2a/auth";
import { loadDemoConfig } from "./config.js";

const endpointField = document.getElementById("endpoint");
const tokenField = document.getElementById("token");
const signInButton = document.getElementById("sign-in");
const signInMessage = document.getElementById("sign-in-message");

/** The last client made, with the settings it was made from. */
let current = null;
/** The sign-in, once the configuration is known. */
let auth = null;

/** Fills the empty fields from `/demo-config.json` (the local simulator), or with the real service; the config. */
async function prefill() {
  const config = await loadDemoConfig();
  if (!endpointField.value) endpointField.value = config.endpoint;
  if (!tokenField.value) tokenField.value = config.token;
  return config;
}

/** Sets up the sign-in at `issuer` and completes one the page is coming back from. */
async function startSignIn({ issuer }) {
  auth = new MagisteriumAuth({ issuer, redirectUri: new URL(location.pathname, location.origin).href, clientName: "magisterium-a2a demo" });
  await auth.handleRedirect().catch(showSignInError);
  render();
}

/** The token field and the button, as the sign-in stands. */
function render() {
  const signedIn = auth?.signedIn ?? false;
  tokenField.disabled = signedIn;
  tokenField.placeholder = signedIn ? "Signed in" : "OAuth user token";
  if (signedIn) tokenField.value = "";
  signInButton.textContent = signedIn ? "Sign out" : "Sign in";
}

/** Shows why a sign-in failed (its text only). */
function showSignInError(error) {
  signInMessage.textContent = `Not signed in: ${error?.message ?? error}`;
  signInMessage.hidden = false;
}

signInButton.addEventListener("click", async () => {
  await ready;
  signInMessage.hidden = true;
  if (auth.signedIn) {
    await auth.signOut();
    render();
  } else {
    auth.signIn().catch(showSignInError); // navigates to the authorization server
  }
});

/** Resolves once the wasm module is loaded, the fields are prefilled and a returning sign-in is complete. */
export const ready = Promise.all([init(), prefill().then(startSignIn)]);

/** The endpoint and token as the fields hold them now. */
export function settings() {
  return { endpoint: endpointField.value.trim(), token: tokenField.value.trim() };
}

/** The token to use now: the field's, or the sign-in's current access token (refreshed when due). */
export async function currentToken() {
  await ready;
  return auth.signedIn ? auth.tokenProvider() : settings().token;
}

/**
 * The client for the current fields and sign-in, made again only when they
 * change (an empty endpoint is the real service). Rejects with INVALID_INPUT
 * for bad settings.
 */
export async function client() {
  await ready;
  render();
  const { endpoint, token } = settings();
  const signedIn = auth.signedIn;
  if (current?.endpoint !== endpoint || current?.token !== token || current?.signedIn !== signedIn) {
    current?.client.free();
    current = null;
    const credentials = signedIn ? { tokenProvider: auth.tokenProvider } : { token: token || undefined };
    current = { endpoint, token, signedIn, client: new MagisteriumClient({ endpoint: endpoint || undefined, ...credentials }) };
  }
  return current.client;
}
