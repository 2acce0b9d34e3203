/**
 * The parish widget of magisterium-a2a: two custom elements that show the
 * saints of the day (`<magisterium-saints>`) and the Mass readings
 * (`<magisterium-readings>`), with one script tag and one element, pointed
 * at the parish's proxy (`npx magisterium-a2a proxy`, or `createProxy` from
 * `magisterium-a2a/proxy` on Workers or Deno), which adds the token:
 *
 *     <script type="module" src="…/magisterium-a2a/widget/magisterium-widget.js"></script>
 *     <magisterium-saints endpoint="https://parish.example/a2a-proxy"></magisterium-saints>
 *
 * Attributes (a change re-renders the element):
 * - `endpoint` (required): the address of the parish's proxy (or another A2A
 *   endpoint). Without it the element says so instead of calling anything.
 * - `token` (optional): a Bearer token, for an endpoint other than a proxy.
 *   Never put a long-lived token on a public page: anyone can read it there.
 * - `date` (optional): `YYYY-MM-DD` or natural language ("next Sunday");
 *   default today (the visitor's calendar day). The date line shows the day
 *   it names ("Sunday, December 6, 2026"), or the words when only the
 *   service knows the day ("Easter Sunday 2026").
 * - `lang` (optional): the language of the widget's own words and date line;
 *   without it the nearest `lang` of the page, then the browser's languages,
 *   English last (see `languages.js`; a page adds one with `addLanguage`).
 *   The service's text is shown as sent.
 *
 * Styling: the element renders in a shadow root, so the host page's CSS does
 * not reach inside. It takes these CSS custom properties: `--magisterium-color`
 * (text), `--magisterium-accent` (title and rule), `--magisterium-background`,
 * `--magisterium-border`, `--magisterium-font` (font family),
 * `--magisterium-font-size`, `--magisterium-radius`; and exposes the parts
 * `card`, `title`, `date` and `body` for `::part()`. The slot `title` replaces
 * the heading text. Server text is only ever rendered as text. After a rate
 * limit the element tries again by itself once `retryAfter` has passed.
 *
 * Text a server provides: a child `<div data-magisterium-for="2026-12-06">`
 * (the day `date` names, or its words when they name no day the widget reads)
 * holds the answer's text; the element shows it and calls nothing. A page
 * without JavaScript shows that child as it is.
 */
import init, { MagisteriumClient } from "../web/index.js";
import { dayOf, describeDay } from "./dates.js";
import { fill, languageEvents, languageOf, rateLimited } from "./languages.js";

export { addLanguage, languageTags } from "./languages.js";

/** The shadow root's stylesheet: explicit values, so nothing inherited from the host page leaks in. */
const STYLE = `
:host { display: block; }
:host([hidden]) { display: none; }
.card {
  all: initial;
  display: block;
  box-sizing: border-box;
  height: 100%;
  min-height: 9em;
  padding: 0.9em 1.1em;
  font-family: var(--magisterium-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  font-size: var(--magisterium-font-size, 16px);
  line-height: 1.5;
  color: var(--magisterium-color, #2d2a26);
  background: var(--magisterium-background, #fffdf8);
  border: 1px solid var(--magisterium-border, #e4ddd0);
  border-inline-start: 4px solid var(--magisterium-accent, #8a1c2b);
  border-radius: var(--magisterium-radius, 6px);
}
.title { display: block; margin: 0; font: inherit; font-size: 1.15em; font-weight: 600; color: var(--magisterium-accent, #8a1c2b); }
.date { display: block; margin: 0.1em 0 0.7em; font-size: 0.9em; opacity: 0.75; }
.body { display: block; margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
.card[data-state="loading"] .body { opacity: 0.6; font-style: italic; }
.card[data-state="empty"] .body { font-style: italic; }
.card[data-state="error"] .body { color: var(--magisterium-error, #a4161a); }
`;

/** What each element shows: its words (keys of `lang/en.js`) and its call. */
const KINDS = {
  "magisterium-saints": {
    heading: "saintsHeading",
    loading: "saintsLoading",
    empty: "saintsEmpty",
    load: (client, date, options) => client.saintsOfTheDay(date, options),
  },
  "magisterium-readings": {
    heading: "readingsHeading",
    loading: "readingsLoading",
    empty: "readingsEmpty",
    load: (client, date, options) => client.massReadings(date, options),
  },
};

/** The seconds a rate limit asks to wait (a minute when the server said nothing usable). */
function retryAfter(error) {
  const seconds = Number(error.retryAfter);
  return seconds > 0 ? seconds : 60;
}

/** HTTP statuses of a gateway (such as the parish's proxy) that could not reach the service. */
const GATEWAY_STATUSES = [502, 503, 504];

/** A short message for a visitor, by the error's stable code, in the language `{ words, tag }`. */
function failure(error, { words, tag }) {
  // The parish's proxy has no usable token (proxy/upstream.js NOT_CONNECTED): the site, not the service, is at fault.
  if (error?.data?.reason === "not_connected") return words.notConnected;
  if (GATEWAY_STATUSES.includes(error?.httpStatus) && error.code !== "RATE_LIMITED") return words.unreachable;
  switch (error?.code) {
    case "RATE_LIMITED":
      return rateLimited(words, tag, retryAfter(error));
    case "NETWORK":
    case "TIMEOUT":
      return words.unreachable;
    case "UNAUTHORIZED":
    case "PLAN_REQUIRED":
      return words.refused;
    case "INVALID_INPUT":
      return fill(words.misconfigured, { message: error.message });
    default:
      return words.failed;
  }
}

/** An element of the shadow root with a class and a part of the same name. */
function part(tag, name) {
  const element = document.createElement(tag);
  element.className = name;
  element.part = name;
  return element;
}

/** The connected widgets' `speak`, run again when a `lang` of the page or the browser's languages change. */
const live = new Map();

/** Every connected widget shows its words again in the language it now speaks. */
function speakAgain() {
  for (const speak of live.values()) speak();
}

new MutationObserver(speakAgain).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"], subtree: true });
addEventListener("languagechange", speakAgain);
languageEvents.addEventListener("change", speakAgain);

/** One widget element; its tag name picks what it shows (see `KINDS`). */
class MagisteriumDayElement extends HTMLElement {
  static observedAttributes = ["endpoint", "token", "date", "lang"];

  #card = part("section", "card");
  #title = part("h2", "title");
  #heading = document.createElement("slot");
  #date = part("p", "date");
  #body = part("div", "body");
  #client = null;
  #clientKey = "";
  #call = null;
  #retry = 0;
  #scheduled = false;
  /** The `date` attribute's words (`today` by default) and the day they name, if the widget can tell. */
  #query = "today";
  #day = null;
  /** What the body shows: a state, the error's code, and its text in a language `{ words, tag }`. */
  #shown = { state: "loading", code: "", text: ({ words }) => words[KINDS[this.localName].loading] };

  constructor() {
    super();
    this.#heading.name = "title";
    this.#title.append(this.#heading);
    this.#body.setAttribute("aria-live", "polite");
    this.#card.append(this.#title, this.#date, this.#body);
    const style = document.createElement("style");
    style.textContent = STYLE;
    this.attachShadow({ mode: "open" }).append(style, this.#card);
  }

  connectedCallback() {
    live.set(this, () => this.#speak());
    this.#schedule();
  }

  disconnectedCallback() {
    live.delete(this);
    clearTimeout(this.#retry);
    this.#call?.abort();
    this.#client?.free();
    this.#client = null;
    this.#clientKey = "";
  }

  attributeChangedCallback(name) {
    if (!this.isConnected) return;
    if (name === "lang") this.#speak();
    else this.#schedule();
  }

  /** Renders once after a batch of attribute changes. */
  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.isConnected) this.#render();
    });
  }

  async #render() {
    const kind = KINDS[this.localName];
    clearTimeout(this.#retry);
    this.#call?.abort();
    const call = (this.#call = new AbortController());
    this.#query = this.getAttribute("date")?.trim() || "today";
    this.#day = dayOf(this.#query);
    // Text a server printed inside the element for what it would ask (docs/widget.md): shown, nothing asked.
    const served = this.querySelector(":scope > [data-magisterium-for]");
    if (served && served.dataset.magisteriumFor === (this.#day ?? this.#query)) {
      this.#show("content", () => served.textContent);
      return;
    }
    const endpoint = this.getAttribute("endpoint")?.trim();
    if (!endpoint) {
      this.#show("error", ({ words }) => words.noEndpoint);
      return;
    }
    this.#show("loading", ({ words }) => words[kind.loading]);
    try {
      await init();
      // The day the date line shows is the day asked for; words only the service reads go as they are.
      const text = await kind.load(this.#clientFor(endpoint), this.#day ?? this.#query, { signal: call.signal });
      if (call.signal.aborted) return;
      if (text === null) this.#show("empty", ({ words }) => words[kind.empty]);
      else this.#show("content", () => text);
    } catch (error) {
      if (call.signal.aborted) return;
      this.#show("error", (language) => failure(error, language), error?.code);
      if (error?.code === "RATE_LIMITED") this.#retry = setTimeout(() => this.#schedule(), retryAfter(error) * 1000);
    }
  }

  /** The client for the current endpoint and token, made again only when they change. */
  #clientFor(endpoint) {
    const token = this.getAttribute("token") || undefined;
    const key = JSON.stringify([endpoint, token ?? null]);
    if (key !== this.#clientKey) {
      this.#client?.free();
      this.#client = null;
      this.#clientKey = "";
      this.#client = new MagisteriumClient({ endpoint, token });
      this.#clientKey = key;
    }
    return this.#client;
  }

  /** Shows one state (`loading`, `content`, `empty`, `error`) with its text, a function of the language. */
  #show(state, text, code = "") {
    this.#shown = { state, code, text };
    this.#speak();
  }

  /**
   * Writes every word the element shows in the language it speaks now (see
   * `languageOf`): heading, date line, and the body's state. The service's
   * text is shown as sent, marked as of no known language.
   */
  #speak() {
    const language = languageOf(this);
    const { state, code, text } = this.#shown;
    this.#card.lang = language.tag;
    this.#heading.textContent = language.words[KINDS[this.localName].heading];
    this.#date.textContent = this.#day ? describeDay(this.#day, language.tag, language.words.calendar) : this.#query;
    this.#card.dataset.state = state;
    this.#card.dataset.code = code;
    this.#card.setAttribute("aria-busy", String(state === "loading"));
    this.#body.textContent = text(language);
    if (state === "content") this.#body.lang = "";
    else this.#body.removeAttribute("lang");
  }
}

for (const name of Object.keys(KINDS)) {
  if (!customElements.get(name)) customElements.define(name, class extends MagisteriumDayElement {});
}
