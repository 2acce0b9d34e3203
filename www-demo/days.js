// The "Mass readings" and "Saints of the day" panels (`liturgical_readings`,
// `saints_of_the_day`): a day from a date picker or in words, and its text.
import { client } from "./connection.js";
import { onSubmit, runCall, todayIso } from "./panel.js";
import { el, textBlock } from "./render.js";

/** Wires a panel whose forms each ask for one day's text through `load(client, day)`. */
function dayPanel(panel, { loading, empty, load }) {
  const output = panel.querySelector(".output");
  for (const form of panel.querySelectorAll("form")) {
    const picker = form.querySelector('input[type="date"]');
    if (picker) picker.value = todayIso();
    onSubmit(form, () => {
      const day = form.elements.day.value.trim();
      if (!day) return;
      runCall(panel, loading, async () => load(await client(), day), (text) => {
        output.replaceChildren(text === null ? el("p", { class: "empty" }, empty) : textBlock(text, { class: "day-text" }));
      });
    });
  }
}

dayPanel(document.getElementById("readings"), {
  loading: "Loading the readings…",
  empty: "No Mass readings were found for that day.",
  load: (c, day) => c.massReadings(day),
});

dayPanel(document.getElementById("saints"), {
  loading: "Loading the saints of the day…",
  empty: "Nothing is listed in the Martyrology for that day.",
  load: (c, day) => c.saintsOfTheDay(day),
});
