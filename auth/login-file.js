// The file `npx magisterium-a2a login` keeps tokens in: under the user's
// configuration folder, readable by the user only (0600 in a 0700 folder),
// written whole and renamed into place, deleted once empty. Its lock (a file
// created exclusively beside it) lets one process at a time refresh, so a
// rotating refresh token is never used twice by two scripts.
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { signInFailed } from "./errors.js";

/** A lock older than this is left over from a process that died holding it. */
const STALE_LOCK_MS = 60_000;
/** How often a process waiting for the lock tries again. */
const LOCK_RETRY_MS = 50;

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
 * as a string, so the file reads plainly.
 */
export function loginFile(path) {
  const read = async () => {
    try {
      const values = JSON.parse(await readFile(path, "utf8"));
      return values && typeof values === "object" && !Array.isArray(values) ? values : {};
    } catch (error) {
      if (error.code === "ENOENT" || error instanceof SyntaxError) return {};
      throw error;
    }
  };
  const write = async (values) => {
    if (Object.keys(values).length === 0) return unlink(path).catch((error) => ignoreMissing(error));
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const written = `${path}.${process.pid}.tmp`;
    await writeFile(written, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 });
    await rename(written, path);
  };
  return {
    get: async (key) => {
      const value = (await read())[key];
      return value === undefined ? null : JSON.stringify(value);
    },
    set: async (key, value) => {
      const values = await read();
      values[key] = JSON.parse(value);
      await write(values);
    },
    remove: async (key) => {
      const values = await read();
      if (!(key in values)) return;
      delete values[key];
      await write(values);
    },
    keys: async () => Object.keys(await read()),
    lock: (_name, critical) => withLockFile(`${path}.lock`, critical),
  };
}

/** Runs `critical` while holding the lock file `lock` (created exclusively, removed after). */
async function withLockFile(lock, critical) {
  await mkdir(dirname(lock), { recursive: true, mode: 0o700 });
  const givenUpAt = Date.now() + 2 * STALE_LOCK_MS;
  for (;;) {
    try {
      await (await open(lock, "wx", 0o600)).close();
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_LOCK_MS) {
        await unlink(lock).catch((e) => ignoreMissing(e));
      } else if (Date.now() > givenUpAt) {
        throw signInFailed(`another process keeps the lock ${lock}`);
      } else {
        await sleep(LOCK_RETRY_MS);
      }
    }
  }
  try {
    return await critical();
  } finally {
    await unlink(lock).catch((error) => ignoreMissing(error));
  }
}

function ignoreMissing(error) {
  if (error.code !== "ENOENT") throw error;
}
