// A Node CommonJS consumer: prints which file the package resolved to and the calls' outcome.
const { MagisteriumClient, MagisteriumError } = require("magisterium-a2a");
const { MagisteriumAuth } = require("magisterium-a2a/auth");
const agents = require("magisterium-a2a/agents");

import("../calls.mjs")
  .then(({ exercise }) => exercise({ MagisteriumClient, MagisteriumError, MagisteriumAuth, agents }, process.env.MAGISTERIUM_ENDPOINT))
  .then((outcome) => console.log(JSON.stringify({ resolved: require.resolve("magisterium-a2a"), ...outcome })));
