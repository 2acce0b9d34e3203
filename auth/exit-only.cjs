// What proper-lockfile asks of signal-exit (to remove its locks when the
// process ends), without signal-exit's handlers for SIGINT, SIGTERM and the
// rest: those kill the process again with the signal once the program's own
// `process.once("SIGTERM", …)` has run, so a program that loaded the sign-in
// (the proxy command, a user's server) could not shut down gracefully. A lock
// left by a process a signal killed goes stale in seconds (login-file.js).
// The bundles of the Node sign-in entry take this module for `signal-exit`.
module.exports = function onExit(callback) {
  process.on("exit", callback);
  return () => process.removeListener("exit", callback);
};
