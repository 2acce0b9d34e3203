// The playground's first script: installs the Service Worker that runs the
// simulator (sw.js), waits until it controls this page, then starts the demo.
if (!("serviceWorker" in navigator)) {
  document.body.prepend(Object.assign(document.createElement("p"), {
    className: "error",
    textContent: "The playground needs a browser with Service Workers, on http://localhost, http://127.0.0.1 or https.",
  }));
} else {
  await navigator.serviceWorker.register("/sw.js", { type: "module" });
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  await import("./demo.js");
}
