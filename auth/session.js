// The sign-in's protocol, the same in browsers and in Node, on oauth4webapi:
// discovery (RFC 8414), registration of a public client (RFC 7591) cached per
// issuer and redirect URI, the authorization code flow with PKCE S256 and a
// checked state (RFC 7636), refresh ahead of expiry and after a 401 (single
// flight within the page and under a lock across tabs), and revocation
// (RFC 7009) on sign-out. Each entry (browser.js, node.js) adds how a sign-in
// reaches the user and where tokens are kept.
import * as oauth from "oauth4webapi";
import { boundedFetch } from "./bounded-fetch.js";
import { atCaller, failure, invalidInput, serverSaid, signInFailed, signInRequired } from "./errors.js";
import { singleFlight, withLock } from "./exclusive.js";
import { readJson, readJsonNow, writeJson } from "./storage.js";

/** Magisterium's authorization server. */
export const DEFAULT_ISSUER = "https://www.magisterium.com";

/** The endpoints of the server's metadata the sign-in uses. */
const ENDPOINTS = ["authorization_endpoint", "token_endpoint", "registration_endpoint", "revocation_endpoint"];

/** Refresh at most this long before expiry (half the lifetime for shorter-lived tokens). */
const REFRESH_AHEAD_MS = 60_000;

/** The callback's parameters an authorization response may carry (removed from the address bar). */
export const RESPONSE_PARAMS = ["code", "state", "iss", "error", "error_description", "error_uri", "session_state"];

// What the entries build on: symbol-keyed, so no part of the public API.
/** `[BEGIN]({ remember, statePrefix })`: the authorization URL and the pending sign-in. */
export const BEGIN = Symbol("begin");
/** `[COMPLETE](pending, callbackUrl)`: checks the response, exchanges the code, keeps the tokens. */
export const COMPLETE = Symbol("complete");
/** `[CALLBACK](href)`: the URL when it is an authorization response to this redirect URI, else null. */
export const CALLBACK = Symbol("callback");
/** `[READY]`: resolves once the stored tokens have been read. */
export const READY = Symbol("ready");
/** An option key with the stores to use instead of those of `storage`. */
export const STORES = Symbol("stores");

/**
 * The sign-in of one app at one authorization server. `storesFor(storage)`
 * gives `{ tokens, pending, clients }` for the `storage` option;
 * `isLoopback(hostname)` is the entry's platform's rule of hosts that never
 * leave the machine (see `proxy/loopback-host.js`).
 */
export const AuthSession = atCaller(class AuthSession {
  #issuer;
  #redirectUri;
  #clientId;
  #clientName;
  #scope;
  #stores;
  #isLoopback;
  /** oauth4webapi's options: plain `http:` only to a loopback issuer (the local simulator). */
  #http;
  #server = null;
  #tokens = null;
  #loaded;
  #refresh;

  constructor(options, storesFor, isLoopback) {
    if (!options || typeof options !== "object") throw invalidInput("new MagisteriumAuth(options) needs { redirectUri }");
    this.#redirectUri = absoluteUrl("redirectUri", options.redirectUri).href;
    const issuer = absoluteUrl("issuer", options.issuer ?? DEFAULT_ISSUER);
    this.#isLoopback = isLoopback;
    if (!this.#secure(issuer, true)) throw invalidInput("issuer must be an https: URL (http: only on loopback)");
    this.#issuer = issuer.href;
    // Every request of the sign-in reads its answer bounded; http: only to a loopback issuer.
    this.#http = { [oauth.customFetch]: boundedFetch, ...(issuer.protocol === "http:" ? { [oauth.allowInsecureRequests]: true } : {}) };
    this.#clientId = optionalText("clientId", options.clientId);
    this.#clientName = optionalText("clientName", options.clientName);
    this.#scope = optionalText("scope", options.scope);
    this.#stores = options[STORES] ?? storesFor(options.storage ?? "memory");
    this.#tokens = usable(readJsonNow(this.#stores.tokens, this.#key("tokens")));
    this.#loaded = this.#read().catch(() => null);
    this.#refresh = singleFlight((stale, rejected) =>
      withLock(this.#stores.tokens, this.#key("refresh"), () => this.#refreshHeld(stale, rejected)),
    );
    /** The client's `tokenProvider`: a fresh access token, refreshed when due or after a 401. */
    Object.defineProperty(this, "tokenProvider", { value: (context) => this.#token(context), enumerable: true });
  }

  /** True once tokens are kept (for a custom async storage: once `handleRedirect` has resolved). */
  get signedIn() {
    return this.#tokens !== null;
  }

  /**
   * Completes a sign-in when `url` is an authorization response to this
   * redirect URI; resolves true then, false for any other URL.
   */
  async handleRedirect(url) {
    await this.#loaded;
    if (url === undefined || url === null) throw invalidInput("handleRedirect(url) needs the URL the server redirected to");
    const callback = this[CALLBACK](String(url));
    if (!callback) return false;
    const key = this.#key("pending");
    const pending = await readJson(this.#stores.pending, key);
    await this.#stores.pending.remove(key);
    if (!pending || pending.state !== callback.searchParams.get("state")) {
      throw signInFailed("the sign-in response does not match a sign-in started here (state mismatch): sign in again");
    }
    await this[COMPLETE](pending, callback);
    return true;
  }

  /** Forgets the tokens, then revokes them where the server has a revocation endpoint (best effort). */
  async signOut() {
    await this.#loaded;
    const tokens = await withLock(this.#stores.tokens, this.#key("refresh"), async () => {
      const kept = await this.#read();
      await this.#forget();
      return kept;
    });
    if (!tokens) return;
    try {
      const server = await this.#discover();
      if (!server.revocation_endpoint) return;
      const [token, hint] = tokens.refreshToken ? [tokens.refreshToken, "refresh_token"] : [tokens.accessToken, "access_token"];
      const options = { ...this.#http, additionalParameters: { token_type_hint: hint } };
      const client = { client_id: tokens.clientId };
      await oauth.processRevocationResponse(await oauth.revocationRequest(server, client, oauth.None(), token, options));
    } catch {
      // Signed out here whatever the server answers; its tokens then end on their own.
    }
  }

  get [READY]() {
    return this.#loaded;
  }

  [CALLBACK](href) {
    let url;
    try {
      url = new URL(href);
    } catch {
      throw invalidInput("handleRedirect(url) needs an absolute URL");
    }
    const redirect = new URL(this.#redirectUri);
    const here = url.origin === redirect.origin && url.pathname === redirect.pathname;
    const params = url.searchParams;
    return here && params.has("state") && (params.has("code") || params.has("error")) ? url : null;
  }

  async [BEGIN]({ remember = false, statePrefix = "" } = {}) {
    const server = await this.#discover();
    const clientId = await this.#registeredClient(server);
    const verifier = oauth.generateRandomCodeVerifier();
    const pending = { state: statePrefix + oauth.generateRandomState(), verifier, clientId, redirectUri: this.#redirectUri };
    const url = new URL(server.authorization_endpoint);
    const params = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: this.#redirectUri,
      state: pending.state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    };
    if (this.#scope) params.scope = this.#scope;
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (remember) await writeJson(this.#stores.pending, this.#key("pending"), pending);
    return { url: url.href, pending };
  }

  async [COMPLETE](pending, callback) {
    const server = await this.#discover();
    const client = { client_id: pending.clientId };
    let response;
    try {
      const params = oauth.validateAuthResponse(server, client, callback, pending.state);
      const request = oauth.authorizationCodeGrantRequest(server, client, oauth.None(), params, pending.redirectUri, pending.verifier, this.#http);
      response = await oauth.processAuthorizationCodeResponse(server, client, await request);
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError && error.error === "invalid_client") {
        await this.#stores.clients.remove(this.#key("client", pending.redirectUri));
      }
      throw failure("the sign-in", error);
    }
    await withLock(this.#stores.tokens, this.#key("refresh"), () => this.#keep(response, pending.clientId, null));
  }

  /** The access token for a request: refreshed first when due, or when it is the one a 401 refused. */
  async #token(context) {
    await this.#loaded;
    const tokens = await this.#read();
    if (!tokens) throw signInRequired("not signed in: call signIn()");
    const rejected = typeof context?.rejectedToken === "string" && context.rejectedToken === tokens.accessToken;
    if (!rejected && !isDue(tokens)) return tokens.accessToken;
    return (await this.#refresh(tokens.accessToken, rejected)).accessToken;
  }

  /**
   * The refresh, holding the lock: the stored tokens are read again first,
   * and used as they are when another tab (or call) has refreshed them since
   * `stale` was handed out.
   */
  async #refreshHeld(stale, rejected) {
    const tokens = await this.#read();
    if (!tokens) throw signInRequired("not signed in: call signIn()");
    if (tokens.accessToken !== stale && !isDue(tokens)) return tokens;
    if (!tokens.refreshToken) {
      const expired = tokens.expiresAt !== null && Date.now() >= tokens.expiresAt;
      const usableStill = !(rejected && tokens.accessToken === stale) && !expired;
      if (usableStill) return tokens;
      await this.#forget();
      throw signInRequired("the access token expired and the server gave no refresh token: sign in again");
    }
    const server = await this.#discover();
    const client = { client_id: tokens.clientId };
    let response;
    try {
      const request = oauth.refreshTokenGrantRequest(server, client, oauth.None(), tokens.refreshToken, this.#http);
      response = await oauth.processRefreshTokenResponse(server, client, await request);
    } catch (error) {
      // 400/401 with an OAuth error (invalid_grant, …): the server ended the grant.
      if (error instanceof oauth.ResponseBodyError && (error.status === 400 || error.status === 401)) {
        await this.#forget();
        throw signInRequired(`the authorization server refused to refresh the sign-in (${serverSaid(error)}): sign in again`);
      }
      throw failure("refreshing the sign-in", error);
    }
    return this.#keep(response, tokens.clientId, tokens);
  }

  /** The server's metadata, discovered once (again after a failure). */
  #discover() {
    this.#server ??= (async () => {
      const issuer = new URL(this.#issuer);
      const response = await oauth.discoveryRequest(issuer, { ...this.#http, algorithm: "oauth2" });
      const server = await oauth.processDiscoveryResponse(issuer, response);
      if (typeof server.authorization_endpoint !== "string" || typeof server.token_endpoint !== "string") {
        throw signInFailed("the authorization server's metadata names no authorization or token endpoint");
      }
      // The user's browser is sent to the first; the others get the client's codes and tokens.
      for (const name of ENDPOINTS) {
        if (server[name] !== undefined && !this.#secure(parsedUrl(server[name]), issuer.protocol === "http:")) {
          throw signInFailed(`the authorization server's ${name} must be an https: URL (http: only on loopback, for an issuer there)`);
        }
      }
      const methods = server.code_challenge_methods_supported;
      if (Array.isArray(methods) && !methods.includes("S256")) {
        throw signInFailed("the authorization server does not offer PKCE with S256");
      }
      return server;
    })().catch((error) => {
      this.#server = null;
      throw failure("discovering the authorization server", error);
    });
    return this.#server;
  }

  /**
   * Whether requests may go to (or the user's browser be sent to) `url`:
   * `https:`, or `http:` to a loopback host when `http` allows it (the
   * issuer's own is on loopback).
   */
  #secure(url, http) {
    return url?.protocol === "https:" || (http && url?.protocol === "http:" && this.#isLoopback(url.hostname));
  }

  /** The client id: the given one, the cached registration, or a new registration (RFC 7591). */
  async #registeredClient(server) {
    if (this.#clientId) return this.#clientId;
    const key = this.#key("client", this.#redirectUri);
    const cached = await readJson(this.#stores.clients, key);
    if (typeof cached?.clientId === "string") return cached.clientId;
    if (!server.registration_endpoint) {
      throw signInFailed("the authorization server offers no client registration: give the clientId it issued you");
    }
    const metadata = {
      redirect_uris: [this.#redirectUri],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    };
    if (this.#clientName) metadata.client_name = this.#clientName;
    if (this.#scope) metadata.scope = this.#scope;
    let registered;
    try {
      const response = await oauth.dynamicClientRegistrationRequest(server, metadata, this.#http);
      registered = await oauth.processDynamicClientRegistrationResponse(response);
    } catch (error) {
      throw failure("registering the client", error);
    }
    const method = registered.token_endpoint_auth_method;
    if (method !== undefined && method !== "none") {
      throw signInFailed(`the server registered a confidential client (${method}), which a public app cannot use`);
    }
    // Under the lock, like every write beside the tokens: a store that rewrites itself whole must not lose a refresh's.
    await withLock(this.#stores.clients, this.#key("refresh"), () => writeJson(this.#stores.clients, key, { clientId: registered.client_id }));
    return registered.client_id;
  }

  /** Keeps a token response (a refresh without a new refresh token keeps the old one); the tokens kept. */
  async #keep(response, clientId, previous) {
    const now = Date.now();
    const lifetime = typeof response.expires_in === "number" && response.expires_in > 0 ? response.expires_in * 1000 : null;
    const tokens = {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? previous?.refreshToken ?? null,
      expiresAt: lifetime === null ? null : now + lifetime,
      refreshAt: lifetime === null ? null : now + lifetime - Math.min(REFRESH_AHEAD_MS, lifetime / 2),
      scope: response.scope ?? previous?.scope ?? null,
      clientId,
    };
    await writeJson(this.#stores.tokens, this.#key("tokens"), tokens);
    this.#tokens = tokens;
    return tokens;
  }

  /** The stored tokens (also what `signedIn` says). */
  async #read() {
    this.#tokens = usable(await readJson(this.#stores.tokens, this.#key("tokens")));
    return this.#tokens;
  }

  async #forget() {
    this.#tokens = null;
    await this.#stores.tokens.remove(this.#key("tokens"));
  }

  /** The storage key of `kind` for this issuer (and `detail`). */
  #key(kind, detail) {
    return `magisterium-auth:${kind}:${this.#issuer}${detail === undefined ? "" : ` ${detail}`}`;
  }
});

/** The issuers whose tokens a store holds, from its keys. */
export function issuersWithTokens(keys) {
  const prefix = "magisterium-auth:tokens:";
  return keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
}

/** Whether `tokens` should be refreshed before use. */
function isDue(tokens) {
  return tokens.refreshAt !== null && Date.now() >= tokens.refreshAt;
}

/** Stored tokens with the fields a request needs (times as numbers or null), else null. */
function usable(tokens) {
  if (typeof tokens?.accessToken !== "string" || typeof tokens.clientId !== "string") return null;
  const time = (value) => (typeof value === "number" && Number.isFinite(value) ? value : null);
  const text = (value) => (typeof value === "string" ? value : null);
  return { ...tokens, refreshToken: text(tokens.refreshToken), expiresAt: time(tokens.expiresAt), refreshAt: time(tokens.refreshAt) };
}

function absoluteUrl(name, value) {
  const url = typeof value === "string" || value instanceof URL ? parsedUrl(value) : null;
  if (!url) throw invalidInput(`${name} must be an absolute URL`);
  return url;
}

/** `value` as an absolute URL, or null when it is none. */
function parsedUrl(value) {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function optionalText(name, value) {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.trim() === "") throw invalidInput(`${name} must be a non-empty string`);
  return value;
}
