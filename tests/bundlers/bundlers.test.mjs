// The installed package in apps built by Vite (dev server and build), webpack 5,
// Rollup and esbuild, each run in Chromium against the simulator on another
// origin. None of them configures anything for WebAssembly; the Vite and esbuild
// apps never call init(). Each gets the bundler build, whose .wasm is inside its
// JS: the page requests no .wasm file. A Vite page with the parish widget gets
// the web build beside it, whose .wasm Vite emits as an asset.
import { test } from "node:test";
import assert from "node:assert/strict";
import { build, createServer, preview } from "vite";
import { assertCalls, bundlePage, here, openApp, outDir, tool } from "./harness.mjs";

/**
 * Vite's options for the app in `vite/`: no config file; its cache (rebuilt on
 * every run, so it holds the package installed now) and output under BUNDLERS_OUT.
 */
const vite = {
  root: here("vite"),
  configFile: false,
  cacheDir: outDir("vite-cache"),
  optimizeDeps: { force: true },
  logLevel: "warn",
  build: { outDir: outDir("vite"), emptyOutDir: true },
  server: { host: "127.0.0.1", port: 0 },
  preview: { host: "127.0.0.1", port: 0 },
};

/** Opens the app a running Vite server serves, then stops the server. */
async function openVite(server) {
  try {
    return await openApp(server.resolvedUrls.local[0]);
  } finally {
    await server.close();
  }
}

/** The app's calls worked on the bundler build (no .wasm fetched). */
function assertBundlerBuild({ result, wasmRequests }) {
  assertCalls(result);
  assert.deepEqual(wasmRequests, [], "the .wasm travels inside the JS");
}

test("Vite dev server: works without init(), no Vite config", async () => {
  const server = await createServer(vite);
  await server.listen();
  assertBundlerBuild(await openVite(server));
});

test("vite build, served statically (vite preview): works without init()", async () => {
  await build(vite);
  assertBundlerBuild(await openVite(await preview(vite)));
});

test("webpack 5 with no webpack config: init() resolves and the calls work", async () => {
  await tool("webpack", ["--mode", "production", "--output-path", outDir("webpack")], "webpack");
  assertBundlerBuild(await openApp(bundlePage("webpack", "text/javascript")));
});

test("Rollup with node-resolve: init() resolves and the calls work", async () => {
  await tool("rollup", ["--config", "--file", `${outDir("rollup")}/main.js`], "rollup");
  assertBundlerBuild(await openApp(bundlePage("rollup")));
});

test("esbuild: works without init()", async () => {
  await tool("esbuild", ["main.js", "--bundle", "--format=esm", `--outfile=${outDir("esbuild")}/main.js`], "esbuild");
  assertBundlerBuild(await openApp(bundlePage("esbuild")));
});

test("vite build of a page with the widget: it loads its .wasm and speaks the page's language", async () => {
  const widget = { ...vite, root: here("vite-widget"), build: { outDir: outDir("vite-widget"), emptyOutDir: true } };
  await build(widget);
  const { result, wasmRequests } = await openVite(await preview(widget));
  assert.equal(result.state, "content", result.body);
  assert.deepEqual([result.heading, result.date], ["Saints du jour", "jeudi 19 mars 2026"]);
  assert.match(result.body, /Saint Joseph/, "the service's text, as sent");
  assert.equal(wasmRequests.length, 1, "the web build's .wasm, which Vite emitted beside the bundle");
});
