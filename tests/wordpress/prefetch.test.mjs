// WP-Cron fetches today's answers just after the parish's midnight, ahead of
// any visitor (includes/prefetch.php): the event is due once the clock has
// passed midnight, wp-cron.php runs it (as a visit or a system cron does),
// and the day's first visitor finds both answers kept.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { freshToken } from "../proxy/harness.mjs";
import { ROUTE, startSite } from "./site.mjs";

const SKILLS = ["saints_of_the_day", "liturgical_readings"];
let site;

before(async () => {
  // 30 s after the parish's (UTC) midnight.
  site = await startSite({ settings: { token: await freshToken(), time_zone: "UTC", upstream: process.env.MAGISTERIUM_ENDPOINT }, now: Date.UTC(2026, 2, 20, 0, 0, 30) });
});
after(() => site?.stop());

/** The log lines of the prefetch (its method is CRON), once there are `count` (within 10 s). */
async function cronLines(count) {
  for (let waited = 0; ; waited += 50) {
    const lines = site.lines().filter((line) => line.startsWith("method=CRON "));
    if (lines.length >= count || waited > 10_000) return lines;
    await sleep(50);
  }
}

/** Runs WP-Cron's due events, as a system cron's request of wp-cron.php does. */
async function runCron() {
  await (await fetch(`${site.url}/wp-cron.php`)).arrayBuffer();
}

test("after the parish's midnight WP-Cron fetches today's saints and readings, and the day's first visitor finds them kept", async () => {
  await (await fetch(`${site.url}/`)).arrayBuffer(); // a visit: the event is scheduled
  await runCron();
  const fetched = await cronLines(2);
  assert.deepEqual(
    fetched.map((line) => /skill=(\S+) day=(\S+) cache=(\S+) upstream=(\S+) status=(\d+)/.exec(line).slice(1).join(" ")),
    SKILLS.map((skill) => `${skill} 2026-03-20 miss 200 200`),
  );
  for (const skill of SKILLS) {
    const message = { role: "user", kind: "message", messageId: `visitor-${skill}`, parts: [{ kind: "text", text: "today" }], metadata: { skillId: skill } };
    const response = await fetch(`${site.url}${ROUTE}`, {
      method: "POST",
      headers: { Origin: site.url, "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params: { message } }),
    });
    assert.ok((await response.json()).result, skill);
  }
  assert.deepEqual(
    site.lines().filter((line) => line.startsWith("method=POST ")).map((line) => /cache=(\S+)/.exec(line)[1]),
    ["hit", "hit"],
    "no visitor's request went upstream",
  );
  await runCron(); // the next day's event, due at once on this test's clock: today's answers are kept
  await sleep(200);
  assert.equal((await cronLines(3)).length, 2, "answers already kept cost nothing");
});
