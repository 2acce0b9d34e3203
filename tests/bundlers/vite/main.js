// A Vite app that never calls init(): the package's default build is ready on import.
import { MagisteriumClient, MagisteriumError } from "magisterium-a2a";
import { MagisteriumAuth } from "magisterium-a2a/auth";
import * as agents from "magisterium-a2a/agents";
import { exercise, pageEndpoint, report } from "../calls.mjs";

report(() => exercise({ MagisteriumClient, MagisteriumError, MagisteriumAuth, agents }, pageEndpoint()));
