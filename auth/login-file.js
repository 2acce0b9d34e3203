// The file `npx magisterium-a2a login` keeps tokens in: under the user's
// configuration folder, readable by the user only (0600 in a 0700 folder),
// written whole to a new file of its own and renamed into place, deleted once
// empty. Every change to it, and a refresh from reading it to writing it
// back, holds its lock (proper-lockfile: a folder beside it, kept fresh while
// held), so a rotating refresh token is never used twice by two scripts, and
// one write never undoes another.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { mkdir, open, readFile, rename, stat, unlink } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { REQUEST_TIMEOUT_MS } from "./bounded-fetch.js";
import { signInFailed } from "./errors.js";

/**
 * A lock not kept fresh for this long was left by a process that died
 * holding it. A refresh makes at most two requests (metadata, tokens), each
 * ended after REQUEST_TIMEOUT_MS, so no request outlives the lock.
 */
const STALE_LOCK_MS = 3 * REQUEST_TIMEOUT_MS;
/** How often the holder touches its lock (a lock it then finds changed or gone is lost: see `onCompromised`). */
const LOCK_UPDATE_MS = 1_000;
/** How often a process waiting for the lock tries again. */
const LOCK_RETRY_MS = 100;
/** How long a process waits for the lock before it gives up. */
const LOCK_WAIT_MS = 4 * STALE_LOCK_MS;

/**
 * Node's `fs` for proper-lockfile, but a stale lock that is a file, not a
 * folder, is removed too: earlier versions made the lock a file of the same
 * name, and one left by a process that died would otherwise stop every lock.
 */
const lockFs = {
  ...fs,
  rmdir: (path, done) => fs.rmdir(path, (error) => (error?.code === "ENOTDIR" ? fs.unlink(path, done) : done(error))),
};

/** `lockFs` for forgetting a lost lock: its folder is not removed. */
const keepFolder = { ...lockFs, rmdir: (_path, done) => done() };

/** The locks the current async context holds: lock path → its `heldLock`. */
const held = new AsyncLocalStorage();

/** The user's configuration folder: `XDG_CONFIG_HOME` or `~/.config`, `%APPDATA%`, `~/Library/Application Support`. */
function configFolder() {
  if (process.platform === "win32") return process.env.APPDATA || join(homedir(), "AppData", "Roaming");
  if (process.platform === "darwin") return join(homedir(), "Library", "Application Support");
  const xdg = process.env.XDG_CONFIG_HOME;
  return xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".config");
}

/** Where `login` saves the tokens by default. */
export function defaultLoginFile() {
  return join(configFolder(), "magisterium-a2a", "login.json");
}

/**
 * The file at `path` as a storage (`get`, `set`, `remove` of JSON strings,
 * `keys`, `lock`). It holds one JSON object; each value is kept as JSON, not
 * as a string, so the file reads plainly. `set` and `remove` take the lock
 * unless this context holds it already (inside `lock`).
 */
export function loginFile(path) {
  const lockPath = `${path}.lock`;
  const read = async () => {
    try {
      const values = JSON.parse(await readFile(path, "utf8"));
      return values && typeof values === "object" && !Array.isArray(values) ? values : {};
    } catch (error) {
      if (error.code === "ENOENT" || error instanceof SyntaxError) return {};
      throw error;
    }
  };
  /** Reads the file, lets `change` edit its values (false: nothing to write), writes it back: under the lock. */
  const update = (change) =>
    withLockFile(path, lockPath, async () => {
      const values = await read();
      if (change(values) === false) return;
      await held.getStore().get(lockPath).check();
      await writeWhole(path, values);
    });
  return {
    get: async (key) => {
      const value = (await read())[key];
      return value === undefined ? null : JSON.stringify(value);
    },
    set: (key, value) =>
      update((values) => {
        values[key] = JSON.parse(value);
      }),
    remove: (key) =>
      update((values) => {
        if (!(key in values)) return false;
        delete values[key];
      }),
    keys: async () => Object.keys(await read()),
    lock: (_name, critical) => withLockFile(path, lockPath, critical),
  };
}

/**
 * Writes `values` to `path`: to a new file of a random name beside it,
 * created exclusively (so never through a link, nor into a file that was
 * there) with mode 0600, synced to the disk, then renamed over `path`.
 * No values: `path` is removed.
 */
async function writeWhole(path, values) {
  if (Object.keys(values).length === 0) return unlink(path).catch((error) => ignoreMissing(error));
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${randomBytes(8).toString("hex")}.tmp`;
  const file = await open(temp, "wx", 0o600);
  try {
    try {
      await file.writeFile(`${JSON.stringify(values, null, 2)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/**
 * Runs `critical` holding the lock of the file `path` (the folder
 * `lockPath`), or at once when this context holds it already. A lock found
 * stale is taken over; the holder's is kept fresh while it runs; a holder
 * that finds its lock taken or removed rejects with SIGN_IN_FAILED and writes
 * nothing more: each write first checks that the lock is still the folder
 * it made. (Two processes that find the same stale lock at the same instant
 * may still both take it over: proper-lockfile's check and removal are two
 * steps, and its holder learns only at its next touch.)
 */
async function withLockFile(path, lockPath, critical) {
  const outer = held.getStore();
  if (outer?.has(lockPath)) return critical();
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const state = heldLock(lockPath);
  // Loaded on the first lock, not with the entry: it watches the process's exit to remove its locks.
  const { lock, unlock } = await import("proper-lockfile");
  let release;
  try {
    release = await lock(path, {
      lockfilePath: lockPath,
      realpath: false,
      fs: lockFs,
      stale: STALE_LOCK_MS,
      update: LOCK_UPDATE_MS,
      retries: { retries: LOCK_WAIT_MS / LOCK_RETRY_MS, factor: 1, minTimeout: LOCK_RETRY_MS, maxTimeout: LOCK_RETRY_MS },
      onCompromised: (error) => state.lose(error.message),
    });
  } catch (error) {
    if (error.code === "ELOCKED") throw signInFailed(`another process keeps the lock ${lockPath}`);
    throw error;
  }
  try {
    state.folder = await folderId(lockPath);
    const result = await held.run(new Map([...(outer ?? []), [lockPath, state]]), critical);
    if (state.lost) throw state.lost;
    return result;
  } finally {
    // A lost lock may be another process's now: proper-lockfile forgets it, its folder stays.
    if (state.lost) await unlock(path, { realpath: false, lockfilePath: lockPath, fs: keepFolder }).catch(() => {});
    else await release();
  }
}

/** What a holder knows of its lock `lockPath`: the folder it made, and the error once it lost it. */
function heldLock(lockPath) {
  return {
    folder: null,
    lost: null,
    lose(why) {
      this.lost ??= signInFailed(
        `this process lost the lock ${lockPath} while it held it (${why}): ` +
          "what it got from the authorization server is not saved; if the next call fails, sign in again",
      );
    },
    /** Rejects with the holder's error once the lock is lost, or is no longer the folder it made. */
    async check() {
      if (this.folder === null || (await folderId(lockPath)) !== this.folder) this.lose("its folder was removed or replaced");
      if (this.lost) throw this.lost;
    },
  };
}

/**
 * The identity of the folder at `path` (device, inode and birth time: a
 * folder made again may reuse the inode), or null when there is none.
 */
function folderId(path) {
  return stat(path, { bigint: true }).then(
    (found) => `${found.dev}:${found.ino}:${found.birthtimeNs}`,
    () => null,
  );
}

function ignoreMissing(error) {
  if (error.code !== "ENOENT") throw error;
}
