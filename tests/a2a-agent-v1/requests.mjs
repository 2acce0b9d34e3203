// What the v1.0 fixture was asked, for tests: `GET /_requests` answers the
// counts, e.g. `{"OPTIONS /v1/a2a": 1, "POST /v1/a2a": 1,
// "POST /v1/a2a A2A-Version=1.0": 1, "POST /v1/a2a method=SendMessage": 1,
// "GET /rest/rest/tasks/t-1 A2A-Version=1.0": 1}`.

/**
 * Calls `onMethod` with the JSON-RPC method when a body parser (the SDK's,
 * later in the chain) sets `request.body`: counting it here must not parse
 * the body first, which would change how the SDK answers a malformed one.
 */
function whenParsed(request, onMethod) {
  let body = request.body;
  Object.defineProperty(request, "body", {
    configurable: true,
    enumerable: true,
    get: () => body,
    set(value) {
      body = value;
      if (typeof value?.method === "string") onMethod(value.method);
    },
  });
}

/**
 * Counts every request as `METHOD /path` (preflights included: place it
 * before `cors()`), each but a preflight also as `METHOD /path A2A-Version=<value
 * or none>`, each POST also as `POST /path method=<JSON-RPC method>` and, when
 * the client closed the connection before the response ended, `METHOD /path closed early`. `count` is the
 * middleware, `report` the route answering the counts.
 */
export function requestCounter() {
  const counts = {};
  const add = (key) => (counts[key] = (counts[key] ?? 0) + 1);
  const count = (request, response, next) => {
    const key = `${request.method} ${request.path}`;
    add(key);
    if (request.method !== "OPTIONS") {
      add(`${key} A2A-Version=${request.get("A2A-Version") || "none"}`);
      // A response whose connection ended before it did: the client closed it (a dropped stream).
      response.on("close", () => response.writableFinished || add(`${key} closed early`));
    }
    if (request.method === "POST") whenParsed(request, (method) => add(`${key} method=${method}`));
    next();
  };
  return { count, report: (_request, response) => response.json(counts) };
}
