// A TypeScript consumer of the sign-in entry (`magisterium-a2a/auth`) using
// every public API with its documented types, checked like consumer.ts (as an
// ES module and as a CommonJS module, every TypeScript and config of the
// matrix). Each `@ts-expect-error` line must be refused.
import { MagisteriumClient, MagisteriumError, type ErrorCode, type TokenProvider } from "magisterium-a2a";
import {
  MagisteriumAuth,
  type AuthOptions,
  type AuthStorage,
  type AuthStorageChoice,
  type LoginOptions,
  type SavedLoginOptions,
  type SignInOptions,
} from "magisterium-a2a/auth";

export async function signIn(): Promise<void> {
  const values = new Map<string, string>();
  const storage: AuthStorage = {
    get: async (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    remove: async (key) => void values.delete(key),
    lock: async <T,>(_name: string, critical: () => Promise<T>): Promise<T> => critical(),
  };
  const choices: AuthStorageChoice[] = ["memory", "session", "local", storage, { get: () => null, set: () => {}, remove: () => {} }];
  const options: AuthOptions = {
    redirectUri: "https://app.example/callback",
    issuer: "https://www.magisterium.com",
    clientId: undefined,
    clientName: "My parish app",
    scope: null,
    storage: "session",
  };
  const auth = new MagisteriumAuth(options);
  const handled: boolean = await auth.handleRedirect();
  const fromUrl: boolean = await auth.handleRedirect(new URL("https://app.example/callback?code=c&state=s"));
  const popup: SignInOptions = { popup: true };
  if (!auth.signedIn) await auth.signIn(popup);
  await auth.signIn();
  const provider: TokenProvider = auth.tokenProvider;
  const token: string = await auth.tokenProvider({ rejectedToken: "refused" });
  const client = new MagisteriumClient({ tokenProvider: auth.tokenProvider });
  try {
    await client.saintsOfTheDay("2026-03-19");
  } catch (e) {
    if (e instanceof MagisteriumError && e.code === "SIGN_IN_REQUIRED") await auth.signIn();
  }
  await auth.signOut();

  const controller = new AbortController();
  const login: LoginOptions = {
    issuer: "http://127.0.0.1:8787",
    clientId: null,
    clientName: "my script",
    scope: undefined,
    file: "/tmp/login.json",
    openBrowser: false,
    onUrl: (url: string) => console.log(url),
    timeoutMs: 60_000,
    signal: controller.signal,
  };
  const loggedIn: MagisteriumAuth = await MagisteriumAuth.login(login);
  const saved: SavedLoginOptions = { issuer: "http://127.0.0.1:8787", file: "/tmp/login.json" };
  const script: MagisteriumAuth = await MagisteriumAuth.fromSavedLogin(saved);
  const defaults: MagisteriumAuth = await MagisteriumAuth.fromSavedLogin();
  const codes: ErrorCode[] = ["SIGN_IN_REQUIRED", "SIGN_IN_FAILED"];

  // Wrong uses the types must refuse:
  // @ts-expect-error the redirect URI is required
  new MagisteriumAuth({ issuer: "https://www.magisterium.com" });
  // @ts-expect-error storage is a known choice or an AuthStorage
  new MagisteriumAuth({ redirectUri: "https://app.example/cb", storage: "cookies" });
  // @ts-expect-error signedIn is read-only
  auth.signedIn = true;
  // @ts-expect-error the provider resolves with a string
  const notNumber: number = await auth.tokenProvider();
  // @ts-expect-error popup is a boolean
  await auth.signIn({ popup: "yes" });

  void [choices, handled, fromUrl, provider, token, loggedIn, script, defaults, codes, notNumber];
}
