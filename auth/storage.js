// Where the sign-in keeps what it must remember: its tokens, a sign-in in
// progress (across the redirect), and client registrations. Every store has
// the same async face over strings; `now` reads at once where the store can
// (so `signedIn` is right from the constructor on).
import { invalidInput } from "./errors.js";

/** A store kept in this object only. */
export function memoryStore() {
  const values = new Map();
  return {
    get: async (key) => values.get(key) ?? null,
    set: async (key, value) => void values.set(key, value),
    remove: async (key) => void values.delete(key),
    now: (key) => values.get(key) ?? null,
  };
}

/** A store over a Web Storage (`sessionStorage`, `localStorage`). */
export function webStore(storage) {
  return {
    get: async (key) => storage.getItem(key),
    set: async (key, value) => storage.setItem(key, value),
    remove: async (key) => storage.removeItem(key),
    now: (key) => storage.getItem(key),
  };
}

/**
 * A store in IndexedDB (database "magisterium-auth", object store "values"),
 * for what tabs share: a read sees every write another tab has committed.
 * localStorage does not promise that (Chromium hands a write to the other
 * tabs later), and a tab that read a rotated refresh token there would use
 * it again, which ends the grant.
 */
export function indexedDbStore(indexedDB) {
  let database = null;
  const open = () =>
    (database ??= settled(indexedDB.open("magisterium-auth", 1), (request) => {
      request.onupgradeneeded = () => request.result.createObjectStore("values");
    }));
  const run = async (mode, work) => {
    const transaction = (await open()).transaction("values", mode);
    const request = work(transaction.objectStore("values"));
    const done = new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = transaction.onabort = () => reject(transaction.error);
    });
    const [value] = await Promise.all([settled(request), done]);
    return value;
  };
  return {
    get: async (key) => {
      const value = await run("readonly", (values) => values.get(key));
      return typeof value === "string" ? value : null;
    },
    set: async (key, value) => void (await run("readwrite", (values) => values.put(value, key))),
    remove: async (key) => void (await run("readwrite", (values) => values.delete(key))),
  };
}

/** The result of an IndexedDB request (`prepare` sees it first). */
function settled(request, prepare) {
  prepare?.(request);
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The app's own storage (`get`, `set`, `remove`, each may be async; `lock` optional). */
export function customStore(storage) {
  for (const method of ["get", "set", "remove"]) {
    if (typeof storage[method] !== "function") throw invalidInput(`storage.${method} must be a function`);
  }
  if (storage.lock !== undefined && typeof storage.lock !== "function") throw invalidInput("storage.lock must be a function");
  return {
    get: async (key) => {
      const value = await storage.get(key);
      return typeof value === "string" ? value : null;
    },
    set: async (key, value) => void (await storage.set(key, value)),
    remove: async (key) => void (await storage.remove(key)),
    lock: storage.lock && ((name, critical) => storage.lock(name, critical)),
  };
}

/** The Web Storage of `name` ("sessionStorage", "localStorage"), or null where there is none or it is blocked. */
export function webStorage(name) {
  try {
    const storage = globalThis[name];
    return storage && typeof storage.getItem === "function" ? storage : null;
  } catch {
    return null; // a sandboxed frame throws on access
  }
}

/** A stored JSON value (null when absent or unreadable). */
export async function readJson(store, key) {
  return parse(await store.get(key));
}

/** `store.now`'s JSON value, for a store that can read at once (else null). */
export function readJsonNow(store, key) {
  return store.now ? parse(store.now(key)) : null;
}

/** Stores `value` as JSON. */
export function writeJson(store, key, value) {
  return store.set(key, JSON.stringify(value));
}

function parse(text) {
  if (typeof text !== "string") return null;
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}
