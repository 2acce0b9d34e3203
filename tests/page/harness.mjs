// Shared setup of the page suites: the demo's static server and the
// simulator (started by `cargo xtask test`, given in the environment), and a
// fresh browser context per test in the run's one headless Chromium, driven
// by playwright-core.
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { ARGS, executablePath } from "../chromium.mjs";
import { endpoint } from "../node/harness.mjs";

export { advanceClock, fault, freshToken } from "../node/harness.mjs";

/** The demo's static server, e.g. `http://127.0.0.1:PORT`. */
export const demoUrl = process.env.DEMO_URL;
if (!demoUrl) throw new Error("DEMO_URL is not set: run these suites through `cargo xtask test`");

/** The parish proxy the parish page's widgets call (the package's CLI, with the demo token, for the demo's origin). */
export const parishProxy = process.env.PARISH_PROXY;

/** The simulator's endpoint, which a widget with a token of its own calls directly. */
export { endpoint as simulatorEndpoint };

/** A desktop window. */
export const DESKTOP = { width: 1280, height: 900 };
/** A phone's width. */
export const PHONE = { width: 390, height: 844 };

/**
 * Runs `body(page, context)` in a new browser context of the run's Chromium
 * (the browser server `cargo xtask test page` gives as `CHROMIUM_SERVER`;
 * without one, a Chromium launched for this call): empty storage, cookies
 * and service workers of its own, its languages `locale`
 * (`navigator.languages`). Always closes it. An uncaught error in any page
 * fails the test.
 */
export async function withBrowser(body, { viewport = DESKTOP, locale = "en-US" } = {}) {
  const server = process.env.CHROMIUM_SERVER;
  const browser = await (server ? chromium.connect(server) : chromium.launch({ executablePath, headless: true, args: ARGS }));
  const errors = [];
  try {
    const context = await browser.newContext({ viewport, locale });
    context.on("page", (page) => page.on("pageerror", (error) => errors.push(error.message)));
    await body(await context.newPage(), context);
    assert.deepEqual(errors, [], "no uncaught error in the page");
  } finally {
    // Closes the context (and, when it was launched here, the browser).
    await browser.close();
  }
}

/** Opens the demo and, once it is ready, puts `token` in the token field. */
export async function openDemo(page, token) {
  await page.goto(`${demoUrl}/`);
  await page.waitForSelector("body[data-ready='true']");
  await page.fill("#token", token);
}

/** Opens the demo's parish page (`parish.html`), once it has pointed its widgets at the parish proxy. */
export function openParishPage(page) {
  return openWidgets(page, "parish.html");
}

/** Opens the test page whose stylesheet is deliberately hostile (`hostile.html`), its widgets pointed at the parish proxy. */
export function openHostilePage(page) {
  return openWidgets(page, "hostile.html");
}

async function openWidgets(page, file) {
  await page.goto(`${demoUrl}/${file}`);
  await page.waitForSelector("#saints[endpoint]");
}

/** Sets attributes of the widget `selector`. */
export function configure(page, selector, attributes) {
  return page.locator(selector).evaluate((widget, pairs) => {
    for (const [name, value] of Object.entries(pairs)) widget.setAttribute(name, value);
  }, attributes);
}

/** Waits until widget `selector` shows `state` (`content`, `empty`, `error`), and answers its text. */
export async function widgetShows(page, selector, state) {
  await page.waitForFunction(([s, wanted]) => document.querySelector(s)?.shadowRoot?.querySelector(".card")?.dataset.state === wanted, [selector, state]);
  return (await page.locator(`${selector} .body`).innerText()).replace(/\s+/g, " ").trim();
}

/** Submits the form of panel `#panel` that holds `input` after filling it with `value`, and waits for the call to end. */
export async function submit(page, panel, input, value) {
  if (value !== undefined) await page.fill(input, value);
  await page.locator(`${panel} form:has(${input}) button[type="submit"]`).click();
  await settled(page, panel);
}

/** Waits until panel `#panel` has no call running. */
export function settled(page, panel) {
  return page.waitForSelector(`${panel}[aria-busy="false"]`);
}

/** The text of the first element matching `selector`, whitespace collapsed. */
export async function text(page, selector) {
  return (await page.locator(selector).first().innerText()).replace(/\s+/g, " ").trim();
}

/** `tasks/get` on the simulator with `token`: the stored task. */
export async function storedTask(token, id) {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id } }),
  });
  const body = await response.json();
  assert.ok(body.result, `tasks/get ${id}: ${JSON.stringify(body.error)}`);
  return body.result;
}
