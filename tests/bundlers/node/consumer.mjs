// A Node ES module consumer: prints which file the package resolved to and the calls' outcome.
import { MagisteriumClient, MagisteriumError } from "magisterium-a2a";
import { MagisteriumAuth } from "magisterium-a2a/auth";
import * as agents from "magisterium-a2a/agents";
import { exercise } from "../calls.mjs";

const outcome = await exercise({ MagisteriumClient, MagisteriumError, MagisteriumAuth, agents }, process.env.MAGISTERIUM_ENDPOINT);
console.log(JSON.stringify({ resolved: import.meta.resolve("magisterium-a2a"), ...outcome }));
