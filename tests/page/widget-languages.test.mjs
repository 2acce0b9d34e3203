// The widget in the page's language: each language's words and date line,
// the order in which an element finds its language (its own or nearest
// `lang`, `<html lang>`, the browser's languages, English), an unknown `lang`
// falling back, a changed `lang` (the parish page's menu among them)
// re-rendering without calling again, the rate-limit countdown in a
// language's plural forms, and a language a page adds. The service's text is
// shown as sent in every language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { configure, fault, freshToken, openParishPage, simulatorEndpoint, widgetShows, withBrowser } from "./harness.mjs";

const lang = async (tag) => (await import(new URL(`../../widget/lang/${tag}.js`, import.meta.url))).default;

/** Wednesday, 10 June 2026 (a day the sample martyrology leaves empty), as each language writes it. */
const JUNE_10 = {
  en: "Wednesday, June 10, 2026",
  es: "miércoles, 10 de junio de 2026",
  fr: "mercredi 10 juin 2026",
  it: "mercoledì 10 giugno 2026",
  pt: "quarta-feira, 10 de junho de 2026",
  de: "Mittwoch, 10. Juni 2026",
  pl: "środa, 10 czerwca 2026",
  la: "Feria quarta, die 10 Iunii 2026",
  tl: "Miyerkules, Hunyo 10, 2026",
  vi: "Thứ Tư, 10 tháng 6, 2026",
};

/** What widget `selector` shows (its text as written): heading, date line, body, and the language its card is marked with. */
function shown(page, selector) {
  return page.locator(selector).evaluate((widget) => {
    const root = widget.shadowRoot;
    const text = (s) => root.querySelector(s).textContent;
    return { heading: text(".title"), date: text(".date"), body: text(".body"), lang: root.querySelector(".card").lang };
  });
}

/** Adds a widget without an endpoint (its error is the widget's own words) to the parish page. */
function addBareWidget(page) {
  return page.evaluate(() => {
    const bare = document.createElement("magisterium-saints");
    bare.id = "bare";
    bare.setAttribute("date", "2026-06-10");
    document.querySelector("#widgets").append(bare);
  });
}

/** The POST requests the page has made so far. */
function posts(page) {
  const seen = [];
  page.on("request", (request) => request.method() === "POST" && seen.push(request.url()));
  return seen;
}

/** Points the parish page's widgets straight at the simulator with a token of the test's own, at `date`. */
async function direct(page, date) {
  const token = await freshToken();
  for (const selector of ["#saints", "#readings"]) await configure(page, selector, { endpoint: simulatorEndpoint, token, date });
}

test("each language renders its words and its date; the service's text stays as sent", async () => {
  await withBrowser(async (page) => {
    await openParishPage(page);
    await direct(page, "2026-06-10");
    await widgetShows(page, "#saints", "empty");
    await widgetShows(page, "#readings", "content");
    const readings = (await shown(page, "#readings")).body;
    await addBareWidget(page);
    await widgetShows(page, "#bare", "error");
    for (const [tag, date] of Object.entries(JUNE_10)) {
      const words = await lang(tag);
      for (const selector of ["#saints", "#readings", "#bare"]) await configure(page, selector, { lang: tag });
      const canonical = tag === "tl" ? "fil" : tag;
      assert.deepEqual(await shown(page, "#saints"), { heading: words.saintsHeading, date, body: words.saintsEmpty, lang: canonical }, tag);
      assert.deepEqual(await shown(page, "#readings"), { heading: words.readingsHeading, date, body: readings, lang: canonical }, tag);
      assert.equal((await shown(page, "#bare")).body, words.noEndpoint, tag);
    }
  });
});

test("an element finds its language: its own or nearest lang, <html lang>, the browser's languages, English last", async () => {
  await withBrowser(async (page) => {
    await openParishPage(page);
    const [de, en, fr] = [await lang("de"), await lang("en"), await lang("fr")];
    const heading = async () => (await shown(page, "#saints")).heading;
    assert.equal(await heading(), en.saintsHeading, "the holder's lang=en");
    await configure(page, "#widgets", { lang: "fr-CA" });
    assert.equal(await heading(), fr.saintsHeading, "the nearest lang, by its language");
    await configure(page, "#widgets", { lang: "xx-unknown" });
    assert.equal(await heading(), en.saintsHeading, "an unknown lang falls back to <html lang=en>");
    await page.evaluate(() => document.documentElement.setAttribute("lang", "ja"));
    assert.equal(await heading(), de.saintsHeading, "neither known: the browser's languages (de-DE)");
    await configure(page, "#saints", { lang: "fr" });
    assert.equal(await heading(), fr.saintsHeading, "the element's own lang first");
  }, { locale: "de-DE" });
  await withBrowser(async (page) => {
    await openParishPage(page);
    await page.evaluate(() => {
      document.documentElement.setAttribute("lang", "ja");
      document.querySelector("#widgets").removeAttribute("lang");
    });
    assert.equal((await shown(page, "#saints")).heading, (await lang("en")).saintsHeading, "nothing known: English");
  }, { locale: "ja-JP" });
});

test("the parish page's language menu sets lang and the widgets speak it at once, without calling again", async () => {
  await withBrowser(async (page) => {
    await openParishPage(page);
    await direct(page, "2026-06-10");
    await widgetShows(page, "#saints", "empty");
    await widgetShows(page, "#readings", "content");
    const calls = posts(page);
    for (const tag of ["it", "la", "vi"]) {
      const words = await lang(tag);
      await page.selectOption("#language", tag);
      assert.equal(await page.locator("#widgets").getAttribute("lang"), tag);
      const saints = await shown(page, "#saints");
      assert.deepEqual([saints.heading, saints.date, saints.body], [words.saintsHeading, JUNE_10[tag], words.saintsEmpty]);
      assert.equal((await shown(page, "#readings")).heading, words.readingsHeading);
    }
    await page.evaluate(() => {
      document.querySelector("#widgets").removeAttribute("lang");
      document.documentElement.lang = "pl";
    });
    assert.equal((await shown(page, "#saints")).heading, (await lang("pl")).saintsHeading, "a change of <html lang> too");
    assert.deepEqual(calls, [], "a new language is not a new call");
  });
});

test("the rate-limit countdown in the language's plural forms", async () => {
  const token = await freshToken();
  await withBrowser(async (page) => {
    await page.clock.install();
    await openParishPage(page);
    const pl = await lang("pl");
    await configure(page, "#saints", { lang: "pl", endpoint: simulatorEndpoint, token, date: "2026-03-19" });
    await widgetShows(page, "#saints", "content");
    for (const [seconds, form] of [[22, "few"], [25, "many"]]) {
      await fault(token, "error", { code: -32003, message: "Rate limit exceeded", data: { retryAfter: seconds }, httpStatus: 429 });
      await configure(page, "#saints", { date: `2026-03-${seconds}` });
      await widgetShows(page, "#saints", "error");
      assert.equal((await shown(page, "#saints")).body, pl.rateLimited[form].replace("{seconds}", seconds));
    }
    await configure(page, "#saints", { lang: "en" });
    assert.equal((await shown(page, "#saints")).body, "Too many requests just now: trying again in 25 seconds.");
  });
});

test("the date line shows the day words name, and keeps words only the service can read", async () => {
  await withBrowser(async (page) => {
    await openParishPage(page);
    const bodies = [];
    page.on("request", (request) => request.method() === "POST" && bodies.push(request.postDataJSON()));
    const today = await page.evaluate(() => new Date().toDateString());
    const day = new Date(today);
    day.setDate(day.getDate() + (7 - day.getDay() || 7));
    const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
    await configure(page, "#readings", { date: "next Sunday", lang: "en" });
    await widgetShows(page, "#readings", "content");
    const spelled = day.toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" });
    assert.equal((await shown(page, "#readings")).date, spelled);
    assert.equal(bodies.at(-1).params.message.parts[0].text, iso, "the widget asks for the day it shows");
    await configure(page, "#readings", { lang: "es" });
    assert.match((await shown(page, "#readings")).date, /^domingo, \d+ de \p{L}+ de \d{4}$/u);
    await configure(page, "#readings", { date: "Easter Sunday 2026" });
    await widgetShows(page, "#readings", "content");
    assert.equal((await shown(page, "#readings")).date, "Easter Sunday 2026", "a feast: the words as written");
  });
});

test("a page adds a language with addLanguage; an incomplete one is refused with a code", async () => {
  await withBrowser(async (page) => {
    await openParishPage(page);
    const en = await lang("en");
    const croatian = { ...en, saintsHeading: "Sveci dana", calendar: null };
    const refused = await page.evaluate(async (words) => {
      const { addLanguage } = await import("/pkg/widget/magisterium-widget.js");
      const { readingsEmpty, ...missing } = words;
      const errors = [];
      for (const call of [() => addLanguage("hr", missing), () => addLanguage("not a tag!", words), () => addLanguage("hr", { ...words, rateLimited: { one: "x" } })]) {
        try {
          call();
        } catch (error) {
          errors.push([error.code, error.message]);
        }
      }
      document.querySelector("#saints").lang = "hr";
      addLanguage("hr", words);
      return errors;
    }, croatian);
    assert.deepEqual(refused.map(([code]) => code), ["INVALID_INPUT", "INVALID_INPUT", "INVALID_INPUT"]);
    assert.match(refused[0][1], /the keys must be those of English/);
    assert.equal((await shown(page, "#saints")).heading, "Sveci dana", "the widgets speak the added language at once");
  });
});
