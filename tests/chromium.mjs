// How the suites launch Chromium on this kind of machine: Debian's build
// (never a browser download) with flags for a closed network and a root user.

/** Debian's Chromium, or the one named in CHROMIUM. */
export const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";

/** Chromium flags for this machine's closed network and a root user. */
export const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
