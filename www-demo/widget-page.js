// parish.html and hostile.html: point both widgets at the demo's parish proxy, whose address
// `cargo xtask demo` serves as /parish-config.json. A real parish page writes
// `endpoint="https://parish.example/a2a-proxy"` on each element instead; no
// page carries a token.
const response = await fetch("/parish-config.json", { cache: "no-store" }).catch(() => null);
const { endpoint } = response?.ok ? await response.json() : {};
if (endpoint) {
  for (const widget of document.querySelectorAll("magisterium-saints, magisterium-readings")) widget.setAttribute("endpoint", endpoint);
}
