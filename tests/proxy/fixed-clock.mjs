// Loaded with `node --import` into the proxy CLI under test: its clock
// (`Date.now`, which the proxy reads) stands at PROXY_TEST_NOW and moves only
// when the test sends `{ now }` over the IPC channel (answered `{ now }` once set).
let now = Number(process.env.PROXY_TEST_NOW);
if (!Number.isFinite(now)) throw new Error("PROXY_TEST_NOW must be a time in ms since the epoch");
Date.now = () => now;
// The channel must not keep the CLI alive once it has stopped.
process.channel?.unref();
process.on("message", (message) => {
  if (typeof message?.now !== "number") return;
  now = message.now;
  process.send({ now });
});
