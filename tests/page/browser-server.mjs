// The page suite's one Chromium for the whole run, started and stopped by
// `cargo xtask test page`: a Playwright browser server whose endpoint it
// prints as `listening on ws://…`. Each test connects to it and opens a
// fresh context of its own (tests/page/harness.mjs `withBrowser`). It closes
// the browser when its standard input ends; Chromium also ends if this
// process is killed (its DevTools pipe closes).
import { chromium } from "playwright-core";
import { ARGS, executablePath } from "../chromium.mjs";

const server = await chromium.launchServer({ executablePath, headless: true, args: ARGS, host: "127.0.0.1", port: 0 });
console.log(`listening on ${server.wsEndpoint()}`);
process.stdin.on("end", () => server.close()).resume();
