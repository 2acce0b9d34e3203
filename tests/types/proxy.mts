// The proxy entry (magisterium-a2a/proxy, an ES module) with its types:
// checked by every ES-module config of the matrix (cjs.cts reaches it
// through `import()`). Each `@ts-expect-error` line must be refused.
import {
  type BudgetStore,
  DEFAULT_UPSTREAM,
  WIDGET_SKILLS,
  createProxy,
  type ProxyConfig,
  type ProxyHandler,
  type ProxyOptions,
  type ProxySkill,
} from "magisterium-a2a/proxy";

const skills: readonly ProxySkill[] = WIDGET_SKILLS;
const options: ProxyOptions = {
  allowOrigins: ["https://parish.example"],
  timeZone: "America/Chicago",
  skills,
  upstream: DEFAULT_UPSTREAM,
  log: (line: string) => console.log(line),
  now: () => Date.now(),
  upstreamBudget: 100,
  budgetStore: { take: async (day: string, limit: number) => day.length + limit > 0 },
  daysBack: 31,
  daysAhead: 366,
  clientKey: (request: Request) => request.headers.get("CF-Connecting-IP"),
  clientMisses: 20,
};
const fixed: ProxyConfig = { ...options, token: "a-token" };
const provided: ProxyConfig = { ...options, tokenProvider: async (context) => (context?.rejectedToken ? "a-fresh-token" : "a-token") };
const handler: ProxyHandler = createProxy(fixed);
const answer: Promise<Response> = handler.fetch(new Request("https://proxy.example/"));
const quiet: ProxyHandler = createProxy({ ...provided, log: null });

// @ts-expect-error a token or a token provider, not both
createProxy({ ...options, token: "a-token", tokenProvider: () => "a-token" });
// @ts-expect-error one of them is required
createProxy(options);
// @ts-expect-error only the widget's skills
createProxy({ ...fixed, skills: ["catholic_qa"] });
// @ts-expect-error the origins are required
createProxy({ token: "a-token" });
// @ts-expect-error a count is a number
createProxy({ ...fixed, upstreamBudget: "100" });
const counter: BudgetStore = { take: () => true };
createProxy({ ...fixed, budgetStore: counter });
// @ts-expect-error a store says whether it counted the call
createProxy({ ...fixed, budgetStore: { take: async () => ({ remaining: 3 }) } });
// @ts-expect-error a client is named by a string
createProxy({ ...fixed, clientKey: (request: Request) => request.headers });
// @ts-expect-error the handler takes a Request
handler.fetch("https://proxy.example/");

export { answer, quiet };
