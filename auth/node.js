// `magisterium-a2a/auth` in Node: the same sign-in (tokens in memory or in
// the app's own storage), and the command line's: `MagisteriumAuth.login()`
// signs in through the system browser and a loopback redirect (RFC 8252) and
// saves the tokens in the login file; `MagisteriumAuth.fromSavedLogin()`
// reads that file back and keeps it refreshed, so a script needs no browser.
import { atCaller, invalidInput, signInRequired } from "./errors.js";
import { defaultLoginFile, loginFile } from "./login-file.js";
import { isLoopbackHostOutsideBrowsers } from "../proxy/loopback-host.js";
import { loopbackListener, openInBrowser } from "./loopback.js";
import { AuthSession, BEGIN, COMPLETE, DEFAULT_ISSUER, READY, STORES, issuersWithTokens } from "./session.js";
import { customStore, memoryStore } from "./storage.js";

/** How long `login` waits for the browser to come back. */
const LOGIN_TIMEOUT_MS = 300_000;
/** The redirect URI a saved login is loaded with: RFC 8252's loopback form (a refresh never sends it). */
const SAVED_REDIRECT_URI = "http://127.0.0.1/callback";

/** The sign-in of a Node program; see the package's docs/sign-in.md. (Its errors' stacks start at the caller's line.) */
export const MagisteriumAuth = atCaller(class MagisteriumAuth extends AuthSession {
  /** `options.redirectUri` is required; throws INVALID_INPUT for bad options. */
  constructor(options) {
    super(options, nodeStores, isLoopbackHostOutsideBrowsers);
  }

  /** In Node a sign-in is `MagisteriumAuth.login()`. */
  async signIn() {
    throw invalidInput("in Node, sign in with MagisteriumAuth.login() (or `npx magisterium-a2a login`)");
  }

  /**
   * Signs in through the system browser (RFC 8252): a listener on a free
   * 127.0.0.1 port receives the redirect; the address is passed to `onUrl`
   * (printed by default) and opened in the browser when there is one. The
   * tokens are saved in the login file; resolves with the signed-in auth.
   */
  static async login(options) {
    const listener = await loopbackListener();
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), options?.timeoutMs ?? LOGIN_TIMEOUT_MS);
    const onAbort = () => stop.abort();
    options?.signal?.addEventListener("abort", onAbort, { once: true });
    if (options?.signal?.aborted) stop.abort();
    try {
      const auth = new MagisteriumAuth({
        issuer: options?.issuer,
        clientId: options?.clientId,
        clientName: options?.clientName ?? "magisterium-a2a (command line)",
        scope: options?.scope,
        redirectUri: listener.redirectUri,
        [STORES]: savedLoginStores(options?.file ?? defaultLoginFile()),
      });
      const { url, pending } = await auth[BEGIN]();
      const onUrl = options?.onUrl ?? ((address) => console.log(`Open this address in a browser to sign in:\n\n  ${address}\n`));
      onUrl(url);
      if (options?.openBrowser !== false) openInBrowser(url);
      const visit = await listener.callback(stop.signal);
      try {
        await auth[COMPLETE](pending, new URL(visit.url));
      } catch (error) {
        visit.answer(false, `Not signed in: ${error.message}`);
        throw error;
      }
      visit.answer(true, "Signed in: you can close this tab.");
      return auth;
    } finally {
      clearTimeout(timer);
      options?.signal?.removeEventListener("abort", onAbort);
      await listener.close();
    }
  }

  /**
   * The sign-in `login` saved, refreshed in its file as it goes (one process
   * at a time). `issuer`: which saved sign-in (default: the only one, else
   * Magisterium's). Rejects with SIGN_IN_REQUIRED when there is none.
   */
  static async fromSavedLogin(options) {
    const file = options?.file ?? defaultLoginFile();
    const saved = issuersWithTokens(await loginFile(file).keys());
    const issuer = options?.issuer ?? (saved.length === 1 ? saved[0] : DEFAULT_ISSUER);
    const auth = new MagisteriumAuth({ issuer, redirectUri: SAVED_REDIRECT_URI, [STORES]: savedLoginStores(file) });
    await auth[READY];
    if (!auth.signedIn) {
      const others = saved.length > 0 ? ` (it holds ${saved.join(", ")})` : "";
      throw signInRequired(`no saved sign-in for ${issuer} in ${file}${others}: run \`npx magisterium-a2a login\``);
    }
    return auth;
  }
});

// The bundle is minified: the class keeps its name (what `auth.constructor.name` and consoles show).
Object.defineProperty(MagisteriumAuth, "name", { value: "MagisteriumAuth" });

/** Tokens in the login file; the sign-in in progress and the registration only in memory (a loopback port is new each time). */
function savedLoginStores(file) {
  return { tokens: customStore(loginFile(file)), pending: memoryStore(), clients: memoryStore() };
}

/** The stores of a `storage` choice: memory, or the app's own storage. */
function nodeStores(choice) {
  if (typeof choice === "object" && choice !== null) {
    const store = customStore(choice);
    return { tokens: store, pending: store, clients: store };
  }
  if (choice === "memory") return { tokens: memoryStore(), pending: memoryStore(), clients: memoryStore() };
  throw invalidInput('storage in Node must be "memory" or an object with get, set and remove');
}
