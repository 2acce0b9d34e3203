// One refresh at a time for the same tokens, so a rotating refresh token is
// never used twice: within this page by a promise every caller shares, and
// across tabs (or processes) by a lock: the storage's own when it has one,
// else the Web Locks API where the platform has it.

/**
 * Runs `critical` holding the lock `name`: `store.lock` if the store has one,
 * else `navigator.locks`, else none (memory: nothing is shared).
 */
export function withLock(store, name, critical) {
  if (store.lock) return store.lock(name, critical);
  const locks = globalThis.navigator?.locks;
  if (locks && typeof locks.request === "function") return locks.request(name, critical);
  return critical();
}

/** `run(...args)` once at a time: a call while one runs gets that run's promise. */
export function singleFlight(run) {
  let running = null;
  return (...args) => {
    running ??= run(...args).finally(() => {
      running = null;
    });
    return running;
  };
}
