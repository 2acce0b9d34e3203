// The parish widget in its host pages: both widgets call the parish proxy and
// the page carries no token; saints and readings render, the `date`
// attribute is honoured and its day shown, empty and error states show (a
// proxy that cannot reach the service among them), and a host page's hostile
// CSS does not reach inside. Languages: widget-languages.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  advanceClock,
  configure,
  demoUrl,
  freshToken,
  openHostilePage,
  openParishPage,
  parishProxy,
  simulatorEndpoint,
  widgetShows,
  withBrowser,
} from "./harness.mjs";
import { deadEndpoint } from "../proxy/harness.mjs";
import { startCliWith } from "../proxy/runtimes.mjs";

test("the widgets render today's saints and readings in a host page whose CSS stays outside", async () => {
  await withBrowser(async (page) => {
    await openHostilePage(page);
    for (const selector of ["#saints", "#readings"]) {
      const state = await page.waitForFunction((s) => {
        const value = document.querySelector(s).shadowRoot.querySelector(".card").dataset.state;
        return ["content", "empty"].includes(value) && value;
      }, selector);
      assert.ok(["content", "empty"].includes(await state.jsonValue()));
    }
    assert.match(await page.locator("#readings .body").innerText(), /Mass readings for/);
    const looks = await page.evaluate(() => {
      const style = (element) => getComputedStyle(element);
      const inside = style(document.querySelector("#readings").shadowRoot.querySelector(".body"));
      const outside = style(document.querySelector(".note"));
      return {
        inside: [inside.color, inside.fontSize, inside.textTransform, inside.letterSpacing],
        outside: [outside.color, outside.textTransform],
      };
    });
    assert.deepEqual(looks.outside, ["rgb(255, 0, 0)", "none"], "the host page's own rules apply to the host page");
    assert.deepEqual(looks.inside, ["rgb(45, 42, 38)", "17px", "none", "normal"], "inside: its own colour, the parish's font size, nothing of the host's rules");
  });
});

test("the parish page carries no token: both widgets call the parish proxy", async () => {
  const token = "demo-token"; // the proxy's, which the page must never see
  await withBrowser(async (page) => {
    const requests = [];
    const responses = [];
    page.on("request", (request) => requests.push(request));
    page.on("response", (response) => responses.push(response));
    await openParishPage(page);
    for (const selector of ["#saints", "#readings"]) {
      await page.waitForFunction((s) => ["content", "empty"].includes(document.querySelector(s).shadowRoot.querySelector(".card").dataset.state), selector);
      assert.equal(await page.locator(selector).getAttribute("endpoint"), parishProxy);
      assert.equal(await page.locator(selector).getAttribute("token"), null);
    }
    const calls = requests.filter((request) => request.method() === "POST");
    assert.deepEqual(calls.map((request) => request.url()), [`${parishProxy}/`, `${parishProxy}/`], "the two widgets' calls, to the proxy");
    for (const request of requests) {
      const headers = await request.allHeaders();
      assert.equal(headers.authorization, undefined, `${request.url()} carries no Authorization`);
      assert.ok(!`${request.url()} ${request.postData() ?? ""}`.includes(token), `${request.url()} carries no token`);
    }
    for (const response of responses) {
      const body = await response.body().catch(() => Buffer.alloc(0));
      assert.ok(!body.includes(token), `the answer of ${response.url()} holds no token`);
    }
    const html = await page.evaluate(() => document.documentElement.outerHTML + [...document.querySelectorAll("magisterium-saints, magisterium-readings")].map((w) => w.shadowRoot.innerHTML).join(""));
    assert.ok(!html.includes(token) && !/\stoken=/.test(html), "no token in the page or the widgets");
  });
});

test("the date attribute picks the day, and a day with nothing shows the empty state", async () => {
  await withBrowser(async (page) => {
    await openParishPage(page);
    await configure(page, "#saints", { date: "2026-03-19" });
    assert.match(await widgetShows(page, "#saints", "content"), /Saint Joseph/);
    assert.match(await page.locator("#saints .date").innerText(), /March 19, 2026/);
    await configure(page, "#readings", { date: "Easter Sunday 2026" });
    assert.match(await widgetShows(page, "#readings", "content"), /April 5, 2026 Easter Sunday/);
    assert.equal(await page.locator("#readings .date").innerText(), "Easter Sunday 2026");
    await configure(page, "#saints", { date: "2026-06-10" });
    assert.equal(await widgetShows(page, "#saints", "empty"), "Nothing is listed in the Martyrology for this day.");
  });
});

test("a widget without an endpoint, or with a refused token, shows an error state", async () => {
  await withBrowser(async (page) => {
    await openParishPage(page);
    await page.evaluate(() => {
      const bare = document.createElement("magisterium-saints");
      bare.id = "bare";
      document.querySelector(".widgets").append(bare);
    });
    assert.equal(await widgetShows(page, "#bare", "error"), "This widget needs an endpoint attribute: the address of the parish's proxy.");
    await configure(page, "#readings", { endpoint: simulatorEndpoint, token: "not-a-valid-token" });
    assert.equal(await widgetShows(page, "#readings", "error"), "The service refused this widget's credentials.");
    assert.equal(await page.locator("#readings").evaluate((w) => w.shadowRoot.querySelector(".card").dataset.code), "UNAUTHORIZED");
  });
});

test("after a rate limit the widget says so, then tries again by itself", async () => {
  const token = await freshToken({ rateDefault: "1/60s" });
  await withBrowser(async (page) => {
    await page.clock.install();
    await openParishPage(page);
    await configure(page, "#saints", { endpoint: simulatorEndpoint, token, date: "2026-03-19" });
    assert.match(await widgetShows(page, "#saints", "content"), /Saint Joseph/);
    await configure(page, "#saints", { date: "2026-03-17" });
    const [, seconds] = /trying again in (\d+) seconds/.exec(await widgetShows(page, "#saints", "error"));
    await advanceClock(Number(seconds));
    await page.clock.fastForward(Number(seconds) * 1000);
    assert.match(await widgetShows(page, "#saints", "content"), /Saint Patrick/);
  });
});

test("a widget whose proxy cannot reach the service says so", async () => {
  const proxy = await startCliWith(
    ["--listen", "127.0.0.1:0", "--allow-origin", demoUrl, "--upstream", await deadEndpoint()],
    { MAGISTERIUM_TOKEN: "demo-token" },
    Date.now(),
  );
  try {
    await withBrowser(async (page) => {
      await openParishPage(page);
      await configure(page, "#saints", { endpoint: proxy.url });
      assert.equal(await widgetShows(page, "#saints", "error"), "The service could not be reached. Please try again later.");
      assert.equal(await page.locator("#saints").evaluate((w) => w.shadowRoot.querySelector(".card").dataset.code), "INTERNAL_ERROR");
    });
  } finally {
    await proxy.stop();
  }
});
