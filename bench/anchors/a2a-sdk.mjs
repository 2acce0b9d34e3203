// The anchor of the start and size rows: the official A2A JS SDK's browser
// client, as an app would bundle it (`cargo xtask bench` runs esbuild on it).
export { A2AClient } from "@a2a-js/sdk/client";
