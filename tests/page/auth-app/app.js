// The page suite's sign-in app: both the page that signs in and its redirect
// URI. The test gives its settings in `window.signInTest` (an init script):
// `{ issuer, endpoint, storage: "memory" | "session" | "local" | "custom", clientId }`.
// What the tests drive is in `window.app`; `data-ready` on <body> once
// `handleRedirect` has settled (its outcome in `app.redirect`).
import init, { MagisteriumClient, MagisteriumError } from "magisterium-a2a";
import { MagisteriumAuth } from "magisterium-a2a/auth";

const settings = window.signInTest;

/** The app's own storage: async, over localStorage under a prefix of its own. */
const customStorage = {
  get: async (key) => localStorage.getItem(`custom:${key}`),
  set: async (key, value) => localStorage.setItem(`custom:${key}`, value),
  remove: async (key) => localStorage.removeItem(`custom:${key}`),
};

/** A MagisteriumError as plain data, or what else was thrown. */
const described = (error) =>
  error instanceof MagisteriumError ? { code: error.code, message: error.message } : { notMagisteriumError: String(error) };

const auth = new MagisteriumAuth({
  redirectUri: new URL("/auth-app/", location.href).href,
  issuer: settings.issuer,
  clientId: settings.clientId,
  clientName: "Sign-in test app",
  storage: settings.storage === "custom" ? customStorage : settings.storage,
});
await init();
const client = new MagisteriumClient({ endpoint: settings.endpoint, tokenProvider: auth.tokenProvider });
window.app = {
  auth,
  client,
  described,
  /** A call through the client: the saint's text, or the error as data. */
  call: () => client.saintsOfTheDay("2026-03-19").then((text) => ({ text }), described),
  popup: null,
};
document.querySelector("#popup").addEventListener("click", () => {
  window.app.popup = auth.signIn({ popup: true }).then(() => ({ signedIn: auth.signedIn }), described);
});
window.app.redirect = await auth.handleRedirect().then((handled) => ({ handled }), described);
document.body.dataset.ready = "true";
