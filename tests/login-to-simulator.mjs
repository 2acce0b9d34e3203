// `npx magisterium-a2a login` against the simulator at MAGISTERIUM_ISSUER,
// this script playing the browser (Allow on the consent page), saving into
// XDG_CONFIG_HOME: the README suite signs in this way before it runs the
// documentation's examples of the saved sign-in. Exits non-zero on failure.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { answerConsent } from "./sign-in-server.mjs";

const manifest = createRequire(import.meta.url).resolve("magisterium-a2a/package.json");
const bin = join(dirname(manifest), JSON.parse(await readFile(manifest, "utf8")).bin["magisterium-a2a"]);
const login = spawn(process.execPath, [bin, "login", "--issuer", process.env.MAGISTERIUM_ISSUER, "--no-open"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const exited = once(login, "exit");
for await (const line of createInterface({ input: login.stdout })) {
  const address = /^\s+(http:\S+\/oauth\/authorize\?\S+)$/.exec(line)?.[1];
  if (address) await fetch(await answerConsent(address, "allow"));
}
const [status] = await exited;
process.exitCode = status;
