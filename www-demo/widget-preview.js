// The "Parish widget" section: the package's custom elements, made on demand
// with the connection's endpoint and token (the field's, or the sign-in's)
// and the chosen day.
import "/pkg/widget/magisterium-widget.js";
import { SERVICE_ENDPOINT } from "./config.js";
import { currentToken, settings } from "./connection.js";
import { onSubmit, todayIso } from "./panel.js";

const section = document.getElementById("widget");
const holder = section.querySelector(".widget-holder");
const form = section.querySelector("form");
form.elements.day.value = todayIso();

onSubmit(form, async () => {
  const { endpoint } = settings();
  const token = await currentToken().catch(() => "");
  const day = form.elements.day.value;
  holder.replaceChildren(...["magisterium-saints", "magisterium-readings"].map((name) => {
    const widget = document.createElement(name);
    widget.setAttribute("endpoint", endpoint || SERVICE_ENDPOINT);
    if (token) widget.setAttribute("token", token);
    if (day) widget.setAttribute("date", day);
    return widget;
  }));
});
