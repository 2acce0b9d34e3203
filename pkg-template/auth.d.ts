/**
 * magisterium-a2a/auth — signing a user in with OAuth (authorization code
 * with PKCE, dynamic client registration, rotating refresh tokens), in
 * browsers and in Node, giving a `tokenProvider` for the client. Its
 * failures are the package's own `MagisteriumError` (SIGN_IN_REQUIRED,
 * SIGN_IN_FAILED, INVALID_INPUT, NETWORK).
 */
import type { TokenProviderContext } from "magisterium-a2a";

/**
 * An app's own storage for the sign-in: strings by key; each method may
 * return a promise. `lock`, when present, runs `critical` while no other
 * user of the same storage runs one under `name` (a refresh token rotates:
 * it must never be used twice); without it, the Web Locks API is used where
 * the platform has it.
 */
export interface AuthStorage {
  get(key: string): string | null | undefined | Promise<string | null | undefined>;
  set(key: string, value: string): void | Promise<void>;
  remove(key: string): void | Promise<void>;
  lock?<T>(name: string, critical: () => Promise<T>): Promise<T>;
}

/**
 * Where the tokens are kept: `"memory"` (this page only: the safest, lost on
 * reload), `"session"` (this tab's sessionStorage), `"local"` (shared by the
 * tabs and kept across visits, in IndexedDB; like localStorage, readable by
 * every script of the origin), or the app's own `AuthStorage` (shared between
 * tabs, its reads must see the other tabs' writes at once). In Node:
 * `"memory"` or an `AuthStorage`.
 */
export type AuthStorageChoice = "memory" | "session" | "local" | AuthStorage;

/** Options of `new MagisteriumAuth(...)`. */
export interface AuthOptions {
  /** Where the authorization server sends the user back (registered exactly as given). Required. */
  redirectUri: string;
  /** The authorization server (its RFC 8414 metadata is read from it). Default `https://www.magisterium.com`. */
  issuer?: string | null | undefined;
  /** A client registered beforehand; without it the app registers itself (RFC 7591), cached per issuer and redirect URI. */
  clientId?: string | null | undefined;
  /** The app's name, sent when registering (the consent page shows it). */
  clientName?: string | null | undefined;
  /** The scope asked for; none is sent unless given. */
  scope?: string | null | undefined;
  /** Where the tokens are kept. Default `"memory"`. */
  storage?: AuthStorageChoice | null | undefined;
}

/** Options of `signIn`. */
export interface SignInOptions {
  /** Sign in in a popup (call `signIn` from a click) rather than by redirecting the page. */
  popup?: boolean | null | undefined;
}

/** Options of `MagisteriumAuth.login` (Node). */
export interface LoginOptions {
  /** The authorization server. Default `https://www.magisterium.com`. */
  issuer?: string | null | undefined;
  /** A client registered beforehand for a loopback redirect URI (`http://127.0.0.1/callback`, whatever the port). */
  clientId?: string | null | undefined;
  /** The name sent when registering. Default `magisterium-a2a (command line)`. */
  clientName?: string | null | undefined;
  /** The scope asked for; none is sent unless given. */
  scope?: string | null | undefined;
  /** The login file. Default: `magisterium-a2a/login.json` in the user's configuration folder. */
  file?: string | null | undefined;
  /** Open the address in the system browser when there is one. Default true. */
  openBrowser?: boolean | null | undefined;
  /** Given the address to sign in at. Default: printed. */
  onUrl?: ((url: string) => void) | null | undefined;
  /** How long to wait for the browser to come back, in ms. Default 300000. */
  timeoutMs?: number | null | undefined;
  /** Stops waiting (SIGN_IN_FAILED). */
  signal?: AbortSignal | null | undefined;
}

/** Options of `MagisteriumAuth.fromSavedLogin` (Node). */
export interface SavedLoginOptions {
  /** Which saved sign-in. Default: the only one in the file, else `https://www.magisterium.com`. */
  issuer?: string | null | undefined;
  /** The login file. Default: `magisterium-a2a/login.json` in the user's configuration folder. */
  file?: string | null | undefined;
}

/** Signs a user in and keeps their tokens fresh; `tokenProvider` is for the client. */
export class MagisteriumAuth {
  /** Throws `MagisteriumError` (INVALID_INPUT) for invalid options. */
  constructor(options: AuthOptions);
  /** True while tokens are kept (with `"local"` or an `AuthStorage`: known once `handleRedirect` has resolved). */
  readonly signedIn: boolean;
  /**
   * For `new MagisteriumClient({ tokenProvider })`: the access token,
   * refreshed ahead of its expiry and after the server refused it (a 401);
   * one refresh at a time across tabs. Rejects with SIGN_IN_REQUIRED when
   * there are no tokens or the server refused the refresh.
   */
  readonly tokenProvider: (context?: Partial<TokenProviderContext>) => Promise<string>;
  /**
   * Call on page load: completes a sign-in when the URL (default: the page's)
   * is the authorization server's answer, and removes its parameters from the
   * address bar. Resolves true then, false for another URL; SIGN_IN_FAILED
   * for a denied consent, a state mismatch, a failed exchange.
   */
  handleRedirect(url?: string | URL | null): Promise<boolean>;
  /** Browsers: redirects to the authorization server (never settles), or with `{ popup: true }` resolves once signed in. */
  signIn(options?: SignInOptions | null): Promise<void>;
  /** Forgets the tokens, then revokes them where the server has a revocation endpoint. */
  signOut(): Promise<void>;
  /** Node: signs in through the system browser (loopback redirect) and saves the tokens in the login file. */
  static login(options?: LoginOptions | null): Promise<MagisteriumAuth>;
  /** Node: the sign-in `login` saved, kept refreshed in its file; SIGN_IN_REQUIRED when there is none. */
  static fromSavedLogin(options?: SavedLoginOptions | null): Promise<MagisteriumAuth>;
}
