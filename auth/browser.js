// `magisterium-a2a/auth` in browsers: the sign-in by redirect (the page
// navigates to the authorization server and back) or in a popup, the
// response's parameters removed from the address bar, tokens in memory,
// sessionStorage, IndexedDB (shared by the tabs) or the app's own storage.
import { atCaller, invalidInput, signInFailed } from "./errors.js";
import { isLoopbackHost } from "../proxy/loopback-host.js";
import { AuthSession, BEGIN, CALLBACK, COMPLETE, RESPONSE_PARAMS } from "./session.js";
import { customStore, indexedDbStore, memoryStore, webStorage, webStore } from "./storage.js";

/** The channel a popup's response page hands the response to its opener on. */
const CHANNEL = "magisterium-auth";
/** How a popup sign-in's `state` starts, so its response page knows to hand it over. */
const POPUP_STATE = "popup.";
/** How often the opener looks whether the user closed the popup. */
const POPUP_WATCH_MS = 250;
/** How long a popup's response page waits for the opener to say it took the response. */
const HANDOVER_MS = 500;

/** The sign-in of a web app; see the package's docs/sign-in.md. (Its errors' stacks start at the caller's line.) */
export const MagisteriumAuth = atCaller(class MagisteriumAuth extends AuthSession {
  /** `options.redirectUri` is required; throws INVALID_INPUT for bad options. */
  constructor(options) {
    super(options, browserStores, isLoopbackHost);
  }

  /**
   * On page load: completes a sign-in when the URL (by default the page's)
   * is the authorization server's response, removing its parameters from the
   * address bar; resolves true then, false otherwise. In a sign-in popup it
   * hands the response to the opener, which closes the popup (it never
   * settles); a popup's response that no page takes (forged, or its sign-in
   * is over) is SIGN_IN_FAILED.
   */
  async handleRedirect(url) {
    const own = url === undefined || url === null;
    const href = own ? globalThis.location?.href : String(url);
    const callback = href === undefined ? null : this[CALLBACK](href);
    if (callback && own) {
      const clean = new URL(callback);
      for (const name of RESPONSE_PARAMS) clean.searchParams.delete(name);
      globalThis.history?.replaceState(globalThis.history.state, "", clean.href);
    }
    if (callback?.searchParams.get("state").startsWith(POPUP_STATE)) {
      if (await handOver(callback)) return new Promise(() => {});
      throw signInFailed("no sign-in in a popup waits for this response (forged, or that sign-in is over): sign in again");
    }
    return super.handleRedirect(href);
  }

  /**
   * Signs in. By redirect (the default) the page navigates to the
   * authorization server: the promise does not settle, `handleRedirect`
   * completes the sign-in when the server sends the user back. With
   * `{ popup: true }` (call it from a click) it resolves once signed in.
   */
  async signIn(options) {
    if (options?.popup) return this.#inPopup();
    const { url } = await this[BEGIN]({ remember: true });
    globalThis.location.assign(url);
    return new Promise(() => {});
  }

  /** Node only (`npx magisterium-a2a login`). */
  static async login() {
    throw invalidInput("MagisteriumAuth.login() runs in Node; in a browser use signIn()");
  }

  /** Node only (the file of `npx magisterium-a2a login`). */
  static async fromSavedLogin() {
    throw invalidInput("MagisteriumAuth.fromSavedLogin() runs in Node; in a browser use signIn()");
  }

  /** The popup sign-in: opened at once (a blocked popup fails now), then pointed at the server. */
  async #inPopup() {
    const popup = globalThis.open("about:blank", "magisterium-sign-in", "popup,width=480,height=640");
    if (!popup) throw signInFailed("the browser blocked the sign-in window: call signIn({ popup: true }) from a click");
    const channel = new BroadcastChannel(CHANNEL);
    let watch;
    try {
      const { url, pending } = await this[BEGIN]({ statePrefix: POPUP_STATE });
      const answered = new Promise((resolve, reject) => {
        channel.onmessage = ({ data }) => {
          const callback = typeof data?.callback === "string" ? this[CALLBACK](data.callback) : null;
          if (callback?.searchParams.get("state") !== pending.state) return;
          channel.postMessage({ taken: pending.state });
          resolve(callback);
        };
        watch = setInterval(() => {
          if (popup.closed) reject(signInFailed("the sign-in window was closed before the sign-in finished"));
        }, POPUP_WATCH_MS);
      });
      popup.location.href = url;
      await this[COMPLETE](pending, await answered);
    } finally {
      clearInterval(watch);
      channel.close();
      popup.close();
    }
  }
});

// The bundle is minified: the class keeps its name (what `auth.constructor.name` and consoles show).
Object.defineProperty(MagisteriumAuth, "name", { value: "MagisteriumAuth" });

/**
 * Hands a popup sign-in's response to the page that opened the popup (on a
 * channel of the origin: the page whose sign-in has the response's `state`
 * answers that it took it). True once taken; false when no page answered
 * within `HANDOVER_MS`.
 */
function handOver(callback) {
  const channel = new BroadcastChannel(CHANNEL);
  const state = callback.searchParams.get("state");
  return new Promise((resolve) => {
    setTimeout(resolve, HANDOVER_MS, false);
    channel.onmessage = ({ data }) => data?.taken === state && resolve(true);
    channel.postMessage({ callback: callback.href });
  }).finally(() => channel.close());
}

/**
 * The stores of a `storage` choice. A sign-in in progress must outlive the
 * redirect, so it goes to sessionStorage (this tab) unless the app gave its
 * own storage; client registrations (public) are cached like it.
 */
function browserStores(choice) {
  if (typeof choice === "object" && choice !== null) {
    const store = customStore(choice);
    return { tokens: store, pending: store, clients: store };
  }
  const session = webStorage("sessionStorage");
  const sessionStore = () => {
    if (!session) throw invalidInput("sessionStorage is not available here");
    return webStore(session);
  };
  switch (choice) {
    case "memory": {
      const tab = session ? webStore(session) : memoryStore();
      return { tokens: memoryStore(), pending: tab, clients: tab };
    }
    case "session": {
      const store = sessionStore();
      return { tokens: store, pending: store, clients: store };
    }
    case "local": {
      if (!globalThis.indexedDB) throw invalidInput("IndexedDB is not available here");
      const shared = indexedDbStore(globalThis.indexedDB);
      return { tokens: shared, pending: sessionStore(), clients: shared };
    }
    default:
      throw invalidInput('storage must be "memory", "session", "local" or an object with get, set and remove');
  }
}
