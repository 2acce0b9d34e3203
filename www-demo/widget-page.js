// widget.html: points the widgets at the demo's simulator. A real parish page
// needs none of this: it writes `endpoint="https://parish.example/a2a-proxy"`
// on the element and carries no token.
import { loadDemoConfig } from "./config.js";

const config = await loadDemoConfig();
for (const widget of document.querySelectorAll("magisterium-saints, magisterium-readings")) {
  widget.setAttribute("endpoint", config.endpoint);
  if (config.token) widget.setAttribute("token", config.token);
}
