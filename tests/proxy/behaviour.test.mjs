// The proxy's behaviour against the simulator, the same tests on Node (the
// CLI of the installed package, a child process) and on workerd (createProxy
// in the Workers runtime, through miniflare). A token limited to 2 calls a day
// makes the simulator count what the proxy spends.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { MagisteriumClient } from "magisterium-a2a";
import {
  INSTANT,
  PARISH,
  TWO_A_DAY,
  answerText,
  ask,
  assertUpstreamCalls,
  daysAfter,
  deadEndpoint,
  directCall,
  fault,
  freshToken,
  gzippingUpstream,
  INFLATED_BYTES,
  inflatingUpstream,
  linesWith,
  peakMemory,
  post,
  widgetBody,
} from "./harness.mjs";
import { RUNTIMES, withProxy } from "./runtimes.mjs";

/** The proxy's log lines once there are `count` of them (a log line may arrive after its answer). */
async function logLines(proxy, count) {
  while (proxy.lines().length < count) await sleep(20);
  return proxy.lines();
}

/** A MagisteriumClient (the widget's) calling the proxy as a page of `origin`: Node's fetch with that Origin. */
async function asVisitor(url, body, origin = PARISH) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.set("Origin", origin);
    return realFetch(request);
  };
  const client = new MagisteriumClient({ endpoint: url, maxRetries: 0 });
  try {
    return await body(client);
  } finally {
    client.free();
    globalThis.fetch = realFetch;
  }
}

/** Resolves with the MagisteriumError `promise` rejects with. */
function rejection(promise) {
  return promise.then(
    () => assert.fail("expected a rejection"),
    (error) => error,
  );
}

for (const [runtime, start] of RUNTIMES) {
  describe(runtime, () => {
    test("300 widget requests for the same day reach the upstream once; the log says so, without the token", async () => {
      const token = await freshToken(TWO_A_DAY);
      await withProxy(start, { token }, async (proxy) => {
        const first = await ask(proxy.url, "saints_of_the_day", "2026-03-19", 0);
        assert.match(answerText(first), /March 19, 2026[\s\S]*Saint Joseph/);
        for (let batch = 0; batch < 299; batch += 50) {
          const ids = Array.from({ length: Math.min(50, 299 - batch) }, (_, i) => batch + i + 1);
          // "today" is 2026-03-19 on the proxy's clock: the same entry as the date.
          const answers = await Promise.all(ids.map((id) => ask(proxy.url, "saints_of_the_day", id % 2 ? "today" : "2026-03-19", id)));
          for (const body of answers) assert.deepEqual(body.result, first.result, "every visitor gets the one cached answer");
        }
        await assertUpstreamCalls(token, 1);
        const lines = await logLines(proxy, 300);
        assert.equal(lines.length, 300, "one log line per request");
        assert.equal(linesWith(lines, { cache: "miss", upstream: 200, status: 200 }).length, 1);
        assert.equal(linesWith(lines, { cache: "hit", upstream: "-", status: 200 }).length, 299);
        assert.equal(linesWith(lines, { origin: PARISH, skill: "saints_of_the_day", day: "2026-03-19" }).length, 300);
        assert.ok(lines.every((line) => /ms=\d+$/.test(line)), "each line has the duration");
        assert.ok(!proxy.output().includes(token), "the token is never logged");
      });
    });

    test("50 concurrent first requests make one upstream call, each answered with its own id", async () => {
      const token = await freshToken(TWO_A_DAY);
      await withProxy(start, { token }, async (proxy) => {
        await fault(token, "slow", { delayMs: 500 }); // the upstream call is still running when the others arrive
        const ids = Array.from({ length: 50 }, (_, i) => (i % 2 ? i : `visitor-${i}`));
        const answers = await Promise.all(ids.map((id) => ask(proxy.url, "liturgical_readings", "2026-03-19", id)));
        assert.deepEqual(answers.map((body) => body.id), ids);
        assert.ok(answers.every((body) => answerText(body).startsWith("Mass readings for Thursday, March 19, 2026")));
        await assertUpstreamCalls(token, 1);
        const lines = await logLines(proxy, 50);
        assert.equal(linesWith(lines, { cache: "miss", upstream: 200 }).length, 1);
        const shared = [...linesWith(lines, { cache: "joined" }), ...linesWith(lines, { cache: "hit" })];
        assert.equal(linesWith(shared, { upstream: "-", status: 200 }).length, 49, "the others waited for that call or found its answer");
      });
    });

    test("an allowed origin gets CORS on its preflight and every answer; any other origin a 403 without CORS", async () => {
      const token = await freshToken();
      const origins = [PARISH, "https://chapel.example"];
      await withProxy(start, { token, origins }, async (proxy) => {
        const preflight = await fetch(proxy.url, {
          method: "OPTIONS",
          headers: { Origin: PARISH, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
        });
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers.get("access-control-allow-origin"), PARISH);
        assert.equal(preflight.headers.get("vary"), "Origin");
        assert.match(preflight.headers.get("access-control-allow-methods"), /POST/);
        assert.match(preflight.headers.get("access-control-allow-headers"), /Content-Type/i);
        for (const origin of origins) {
          const answer = await post(proxy.url, widgetBody("saints_of_the_day", "2026-03-19"), origin);
          assert.equal(answer.status, 200);
          assert.equal(answer.headers.get("access-control-allow-origin"), origin);
          assert.equal(answer.headers.get("vary"), "Origin");
          await answer.arrayBuffer();
        }
        const refusal = await post(proxy.url, widgetBody("catholic_qa", "What is grace?"));
        assert.equal(refusal.headers.get("access-control-allow-origin"), PARISH, "a refusal is readable by the page too");
        await refusal.arrayBuffer();
        const others = [
          ["POST", "https://evil.example"],
          ["OPTIONS", "https://evil.example"],
          ["POST", "https://parish.example.evil.example"],
          ["POST", "null"],
          ["POST", null],
        ];
        for (const [method, origin] of others) {
          const headers = origin ? { Origin: origin, "Content-Type": "application/json" } : { "Content-Type": "application/json" };
          const body = method === "POST" ? widgetBody("saints_of_the_day", "2026-03-19") : undefined;
          const answer = await fetch(proxy.url, { method, headers, body });
          assert.equal(answer.status, 403, `${method} from ${origin}`);
          const cors = [...answer.headers.keys()].filter((name) => name.startsWith("access-control-"));
          assert.deepEqual(cors, [], `${method} from ${origin}: no CORS header`);
          await answer.arrayBuffer();
        }
      });
    });

    test("the visitor's client reads refused skills and methods as SKILL_NOT_FOUND and METHOD_NOT_FOUND", async () => {
      const token = await freshToken();
      await withProxy(start, { token, skills: ["saints_of_the_day"] }, async (proxy) => {
        await asVisitor(proxy.url, async (client) => {
          assert.match(await client.saintsOfTheDay("2026-03-19"), /Saint Joseph/);
          for (const call of [() => client.massReadings("today"), () => client.ask("What is grace?"), () => client.searchDocuments("grace")]) {
            const error = await rejection(call());
            assert.equal(error.code, "SKILL_NOT_FOUND", error.message);
            assert.equal(error.rpcCode, -32002);
          }
          for (const call of [() => client.getTask("any-task"), () => client.cancelTask("any-task")]) {
            const error = await rejection(call());
            assert.equal(error.code, "METHOD_NOT_FOUND", error.message);
          }
        });
        const sent = await post(proxy.url, JSON.stringify({ jsonrpc: "2.0", id: "mine", method: "tasks/get", params: { id: "t" } }));
        assert.deepEqual((await sent.json()).error.code, -32601);
      });
    });

    test("a body over 16 KiB is refused, declared or streamed; one of 16 KiB is read", async () => {
      const token = await freshToken();
      await withProxy(start, { token }, async (proxy) => {
        const padded = (size) => {
          const body = widgetBody("saints_of_the_day", "2026-03-19");
          return body.replace(/}$/, `,"padding":"${"x".repeat(size - body.length - 13)}"}`);
        };
        assert.equal(padded(16_384).length, 16_384);
        const fits = await post(proxy.url, padded(16_384));
        assert.equal(fits.status, 200);
        assert.match(answerText(await fits.json()), /Saint Joseph/);
        const over = await post(proxy.url, padded(16_385));
        assert.equal(over.status, 413);
        assert.equal(over.headers.get("access-control-allow-origin"), PARISH);
        assert.equal((await over.json()).error.code, -32600);
        const chunks = [new TextEncoder().encode(padded(16_385))];
        const stream = new ReadableStream({ pull: (controller) => (chunks.length ? controller.enqueue(chunks.pop()) : controller.close()) });
        const streamed = await fetch(proxy.url, {
          method: "POST",
          headers: { Origin: PARISH, "Content-Type": "application/json" },
          body: stream,
          duplex: "half",
        });
        assert.equal(streamed.status, 413);
        await streamed.arrayBuffer();
        await asVisitor(proxy.url, async (client) => {
          const parts = [{ kind: "text", text: "2026-03-19" }, { kind: "data", data: { padding: "x".repeat(20_000) } }];
          const error = await rejection(client.sendMessage({ parts, skillId: "saints_of_the_day" }));
          assert.equal(error.code, "INVALID_REQUEST");
          assert.equal(error.httpStatus, 413);
        });
      });
    });

    test("the same instant is a different today in Pacific/Kiritimati and Pacific/Pago_Pago; an entry lives until its day ends there", async () => {
      const token = await freshToken();
      await withProxy(start, { token, timeZone: "Pacific/Kiritimati" }, async (kiritimati) => {
        await withProxy(start, { token, timeZone: "Pacific/Pago_Pago" }, async (pagoPago) => {
          const readings = async (proxy, date) => answerText(await ask(proxy.url, "liturgical_readings", date)).split("\n")[0];
          assert.equal(await readings(kiritimati, "today"), "Mass readings for Friday, March 20, 2026");
          assert.equal(await readings(pagoPago, "today"), "Mass readings for Wednesday, March 18, 2026");
          assert.equal(await readings(pagoPago, "tomorrow"), "Mass readings for Thursday, March 19, 2026");
          // Kiritimati's March 20 ends at 2026-03-20T10:00:00Z.
          await kiritimati.setClock(Date.UTC(2026, 2, 20, 9, 59, 59, 999));
          assert.equal(await readings(kiritimati, "today"), "Mass readings for Friday, March 20, 2026");
          await kiritimati.setClock(Date.UTC(2026, 2, 20, 10));
          assert.equal(await readings(kiritimati, "today"), "Mass readings for Saturday, March 21, 2026");
          assert.equal(await readings(kiritimati, "2026-03-20"), "Mass readings for Friday, March 20, 2026");
          const lines = await logLines(kiritimati, 4);
          assert.deepEqual(
            lines.map((line) => [/day=(\S+)/.exec(line)[1], /cache=(\S+)/.exec(line)[1]]),
            [["2026-03-20", "miss"], ["2026-03-20", "hit"], ["2026-03-21", "miss"], ["2026-03-20", "miss"]],
            "March 20's entry ended with March 20 in Kiritimati",
          );
        });
      });
    });

    test("a 429 with no stale entry passes through with its retryAfter", async () => {
      const token = await freshToken(TWO_A_DAY);
      await withProxy(start, { token }, async (proxy) => {
        assert.deepEqual([await directCall(token), await directCall(token)], [200, 200]);
        const answer = await post(proxy.url, widgetBody("saints_of_the_day", "2026-03-19", "v-429"));
        assert.equal(answer.status, 429);
        assert.equal(answer.headers.get("access-control-allow-origin"), PARISH);
        const body = await answer.json();
        assert.equal(body.id, "v-429");
        assert.equal(body.error.code, -32003);
        assert.ok(body.error.data.retryAfter > 3600, `the simulator's wait, about a day: ${body.error.data.retryAfter}`);
        assert.equal(answer.headers.get("retry-after"), String(body.error.data.retryAfter));
        await asVisitor(proxy.url, async (client) => {
          const error = await rejection(client.saintsOfTheDay("2026-03-19"));
          assert.equal(error.code, "RATE_LIMITED");
          assert.equal(error.httpStatus, 429);
          assert.ok(error.retryAfter > 3600);
        });
      });
    });

    test("a 429 with a stale entry serves the stale answer", async () => {
      const token = await freshToken(TWO_A_DAY);
      await withProxy(start, { token }, async (proxy) => {
        const fresh = await ask(proxy.url, "saints_of_the_day", "2026-03-19");
        assert.equal(await directCall(token), 200, "the day's second and last call");
        await proxy.setClock(daysAfter(1));
        const stale = await ask(proxy.url, "saints_of_the_day", "2026-03-19", 2);
        assert.deepEqual(stale.result, fresh.result);
        const none = await post(proxy.url, widgetBody("saints_of_the_day", "2026-03-17"));
        assert.equal(none.status, 429, "no entry for that day: the 429 passes");
        await none.arrayBuffer();
        const lines = await logLines(proxy, 3);
        assert.equal(linesWith(lines, { day: "2026-03-19", cache: "stale", upstream: 429, status: 200 }).length, 1);
      });
    });

    test("an upstream that gzips when asked: the answer reaches the widget", async () => {
      const token = await freshToken();
      const upstream = await gzippingUpstream();
      try {
        await withProxy(start, { token, upstream: upstream.endpoint }, async (proxy) => {
          assert.match(answerText(await ask(proxy.url, "saints_of_the_day", "2026-03-19")), /Saint Joseph/);
        });
      } finally {
        await upstream.stop();
      }
      assert.equal(upstream.asked.length, 1);
    });

    test("a compressed answer that inflates past the bound: a 502, never inflated whole", async () => {
      const token = await freshToken();
      const upstream = await inflatingUpstream();
      try {
        await withProxy(start, { token, upstream: upstream.endpoint }, async (proxy) => {
          const before = peakMemory(proxy.pid);
          const answer = await post(proxy.url, widgetBody("saints_of_the_day", "2026-03-19", 7));
          const body = await answer.json();
          assert.equal(answer.status, 502, JSON.stringify(body));
          assert.equal(body.id, 7);
          assert.equal(body.error.code, -32603);
          assert.match(body.error.message, /^bad answer from the Magisterium service: /);
          const grown = peakMemory(proxy.pid) - before;
          assert.ok(grown < INFLATED_BYTES / 4, `the proxy's peak memory grew by ${grown} bytes for an answer of ${INFLATED_BYTES} inflated`);
          const lines = await logLines(proxy, 1);
          assert.equal(linesWith(lines, { cache: "miss", status: 502 }).length, 1);
        });
      } finally {
        await upstream.stop();
      }
    });

    test("upstream down: a 502 the widget shows as unreachable, held off for 30 s; errors are not cached", async () => {
      const token = await freshToken();
      await withProxy(start, { token, upstream: await deadEndpoint() }, async (proxy) => {
        const answer = await post(proxy.url, widgetBody("saints_of_the_day", "2026-03-19", 5));
        assert.equal(answer.status, 502);
        assert.equal(answer.headers.get("access-control-allow-origin"), PARISH);
        const body = await answer.json();
        assert.equal(body.id, 5);
        assert.equal(body.error.code, -32603);
        assert.match(body.error.message, /could not be reached/);
        await asVisitor(proxy.url, async (client) => {
          const error = await rejection(client.saintsOfTheDay("2026-03-19"));
          assert.equal(error.httpStatus, 502, "the widget says 'could not be reached' for a 502");
        });
        const lines = await logLines(proxy, 2);
        assert.equal(linesWith(lines, { cache: "miss", upstream: "-", status: 502 }).length, 1, "the first request called");
        assert.equal(linesWith(lines, { cache: "held", upstream: "-", status: 502 }).length, 1, "the second got its failure, held off");
      });
      await withProxy(start, { token }, async (proxy) => {
        await fault(token, "error", { code: -32603, message: "Internal error", httpStatus: 500 });
        const failed = await post(proxy.url, widgetBody("saints_of_the_day", "2026-03-19"));
        assert.equal(failed.status, 500);
        assert.equal((await failed.json()).error.code, -32603);
        await proxy.setClock(INSTANT + 30_000); // the hold-off after a failure
        assert.match(answerText(await ask(proxy.url, "saints_of_the_day", "2026-03-19")), /Saint Joseph/);
        const failedTask = { kind: "task", id: "t-failed", contextId: "c-1", status: { state: "failed" }, artifacts: [] };
        await fault(token, "result", { result: failedTask });
        assert.equal((await ask(proxy.url, "saints_of_the_day", "2026-03-17")).result.status.state, "failed");
        assert.match(answerText(await ask(proxy.url, "saints_of_the_day", "2026-03-17")), /Saint Patrick/);
        const lines = await logLines(proxy, 4);
        assert.deepEqual(
          lines.map((line) => /cache=(\S+) upstream=(\S+)/.exec(line).slice(1).join(" ")),
          ["miss 500", "miss 200", "miss 200", "miss 200"],
          "an error and a failed task are not kept",
        );
      });
    });
  });
}
