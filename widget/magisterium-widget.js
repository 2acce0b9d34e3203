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
 *   default today (the visitor's calendar day).
 *
 * Styling: the element renders in a shadow root, so the host page's CSS does
 * not reach inside. It takes these CSS custom properties: `--magisterium-color`
 * (text), `--magisterium-accent` (title and rule), `--magisterium-background`,
 * `--magisterium-border`, `--magisterium-font` (font family),
 * `--magisterium-font-size`, `--magisterium-radius`; and exposes the parts
 * `card`, `title`, `date` and `body` for `::part()`. The slot `title` replaces
 * the heading text. Server text is only ever rendered as text. After a rate
 * limit the element tries again by itself once `retryAfter` has passed.
 */
import init, { MagisteriumClient } from "../web/index.js";

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

/** What each element shows. */
const KINDS = {
  "magisterium-saints": {
    heading: "Saints of the day",
    loading: "Loading the saints of the day…",
    empty: "Nothing is listed in the Martyrology for this day.",
    load: (client, date, options) => client.saintsOfTheDay(date, options),
  },
  "magisterium-readings": {
    heading: "Mass readings",
    loading: "Loading the readings…",
    empty: "No readings were found for this day.",
    load: (client, date, options) => client.massReadings(date, options),
  },
};

/** Today's local calendar day as `YYYY-MM-DD`. */
function today() {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A `YYYY-MM-DD` day in words in the visitor's language; any other text as it is. */
function describeDate(date) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return day.toLocaleDateString(undefined, { weekday: "long", year: "numeric", month: "long", day: "numeric" });
}

/** The seconds a rate limit asks to wait (a minute when the server said nothing usable). */
function retryAfter(error) {
  const seconds = Number(error.retryAfter);
  return seconds > 0 ? seconds : 60;
}

/** What a visitor reads when the service is out of reach. */
const UNREACHABLE = "The service could not be reached. Please try again later.";

/** HTTP statuses of a gateway (such as the parish's proxy) that could not reach the service. */
const GATEWAY_STATUSES = [502, 503, 504];

/** A short message for a visitor, by the error's stable code. */
function failure(error) {
  if (GATEWAY_STATUSES.includes(error?.httpStatus) && error.code !== "RATE_LIMITED") return UNREACHABLE;
  switch (error?.code) {
    case "RATE_LIMITED":
      return `Too many requests just now: trying again in ${retryAfter(error)} seconds.`;
    case "NETWORK":
    case "TIMEOUT":
      return UNREACHABLE;
    case "UNAUTHORIZED":
    case "PLAN_REQUIRED":
      return "The service refused this widget's credentials.";
    case "INVALID_INPUT":
      return `This widget is misconfigured: ${error.message}`;
    default:
      return "This could not be loaded just now. Please try again later.";
  }
}

/** An element of the shadow root with a class and a part of the same name. */
function part(tag, name) {
  const element = document.createElement(tag);
  element.className = name;
  element.part = name;
  return element;
}

/** One widget element; its tag name picks what it shows (see `KINDS`). */
class MagisteriumDayElement extends HTMLElement {
  static observedAttributes = ["endpoint", "token", "date"];

  #card = part("section", "card");
  #date = part("p", "date");
  #body = part("div", "body");
  #client = null;
  #clientKey = "";
  #call = null;
  #retry = 0;
  #scheduled = false;

  constructor() {
    super();
    const kind = KINDS[this.localName];
    const title = part("h2", "title");
    const slot = document.createElement("slot");
    slot.name = "title";
    slot.textContent = kind.heading;
    title.append(slot);
    this.#body.setAttribute("aria-live", "polite");
    this.#card.append(title, this.#date, this.#body);
    const style = document.createElement("style");
    style.textContent = STYLE;
    this.attachShadow({ mode: "open" }).append(style, this.#card);
  }

  connectedCallback() {
    this.#schedule();
  }

  disconnectedCallback() {
    clearTimeout(this.#retry);
    this.#call?.abort();
    this.#client?.free();
    this.#client = null;
    this.#clientKey = "";
  }

  attributeChangedCallback() {
    if (this.isConnected) this.#schedule();
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
    const date = this.getAttribute("date")?.trim() || today();
    this.#date.textContent = describeDate(date);
    const endpoint = this.getAttribute("endpoint")?.trim();
    if (!endpoint) {
      this.#show("error", "This widget needs an endpoint attribute: the address of the parish's proxy.");
      return;
    }
    this.#show("loading", kind.loading);
    try {
      await init();
      const text = await kind.load(this.#clientFor(endpoint), date, { signal: call.signal });
      if (call.signal.aborted) return;
      if (text === null) this.#show("empty", kind.empty);
      else this.#show("content", text);
    } catch (error) {
      if (call.signal.aborted) return;
      this.#show("error", failure(error), error?.code);
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

  /** Shows one state (`loading`, `content`, `empty`, `error`) with its text. */
  #show(state, text, code = "") {
    this.#card.dataset.state = state;
    this.#card.dataset.code = code;
    this.#card.setAttribute("aria-busy", String(state === "loading"));
    this.#body.textContent = text;
  }
}

for (const name of Object.keys(KINDS)) {
  if (!customElements.get(name)) customElements.define(name, class extends MagisteriumDayElement {});
}
