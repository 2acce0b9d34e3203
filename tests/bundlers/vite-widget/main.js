// A Vite page with the parish widget (`magisterium-a2a/widget`, which loads
// the web build and its .wasm beside it): the element, pointed at the
// simulator, shows the saints in the page's language (French, from the
// holder's `lang`); its words and date line are the outcome.
import "magisterium-a2a/widget";
import { pageEndpoint, report } from "../calls.mjs";

// Before the element's first render (a microtask away): it calls the simulator at once.
const widget = document.querySelector("magisterium-saints");
widget.setAttribute("endpoint", pageEndpoint());

report(async () => {
  const root = widget.shadowRoot;
  const state = () => root.querySelector(".card").dataset.state;
  while (!["content", "empty", "error"].includes(state())) await new Promise((resolve) => setTimeout(resolve, 50));
  const text = (selector) => root.querySelector(selector).textContent;
  return { state: state(), heading: text(".title"), date: text(".date"), body: text(".body") };
});
