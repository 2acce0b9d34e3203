// Every spelling of tests/fixtures/url-spellings.json, as Node's WHATWG `URL`
// reads it, for each use of a URL: the `endpoint` option, a discovered agent
// card's `url`, the dialect, and a discovery base. Cards are served by a stub
// of `globalThis.fetch` (the package's `fetch`), so no request leaves the process.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";
import { rejectsWith } from "./harness.mjs";

const table = JSON.parse(readFileSync(new URL("../fixtures/url-spellings.json", import.meta.url), "utf8"));
/** The rows as Node reads them: it asks the system's resolver about `*.localhost` names, as no browser does (`outsideBrowsers`). */
const spellings = table.spellings.map((row) => ({ ...row, ...row.outsideBrowsers }));

/** A test's name: the spelling and why it is in the table. */
const label = (row) => `${JSON.stringify(row.url)}: ${row.note}`;

/** A card that passes the client's checks. */
const card = (name, url) => ({ name, url, capabilities: {}, skills: [] });

/** Where discovery looks for the cards of the endpoint and dialect tests. */
const BASE = "https://cards.example/agent";

/**
 * Runs `body` while every `fetch` answers `served` as JSON; the URLs fetched.
 * The stub is removed afterwards, whatever happens.
 */
async function serving(served, body) {
  const original = globalThis.fetch;
  const fetched = [];
  globalThis.fetch = async (url) => {
    fetched.push(String(url));
    return new Response(JSON.stringify(served), { headers: { "Content-Type": "application/json" } });
  };
  try {
    await body();
  } finally {
    globalThis.fetch = original;
  }
  return fetched;
}

/** Asserts that `make()` throws a MagisteriumError INVALID_INPUT. */
function refused(make, what) {
  assert.throws(make, (e) => e.name === "MagisteriumError" && e.code === "INVALID_INPUT", what);
}

assert.ok(spellings.length >= 25, "the table has at least 25 spellings");

describe("the endpoint option", () => {
  for (const row of spellings) {
    test(label(row), () => {
      for (const Client of [MagisteriumClient, A2AClient]) {
        if (row.withToken === "accepted") {
          assert.equal(new Client({ endpoint: row.url, token: "t" }).endpoint, row.href, `${Client.name}, a token`);
        } else {
          refused(() => new Client({ endpoint: row.url, token: "t" }), `${Client.name}, a token`);
        }
        if (row.href === null) refused(() => new Client({ endpoint: row.url }), `${Client.name}, no token`);
        else assert.equal(new Client({ endpoint: row.url }).endpoint, row.href, `${Client.name}, no token`);
      }
    });
  }
});

describe("a discovered card's url", () => {
  for (const row of spellings) {
    test(label(row), async () => {
      const fetched = await serving(card("Agent", row.url), async () => {
        // The card is on another host than its url: the token goes there only as listed.
        const tokenOrigins = row.href === null ? [] : [new URL(row.href).origin];
        const withToken = A2AClient.discover(BASE, { token: "t", tokenOrigins });
        if (row.withToken === "accepted") assert.equal((await withToken).endpoint, row.href, "a token");
        else await rejectsWith(withToken, { code: "INVALID_INPUT" });
        const without = A2AClient.discover(BASE);
        if (row.href === null) await rejectsWith(without, { code: "INVALID_INPUT" });
        else assert.equal((await without).endpoint, row.href, "no token");
      });
      assert.ok(fetched.length >= 2 && fetched.every((url) => url.startsWith(`${BASE}/.well-known/`)), `${fetched}`);
    });
  }
});

describe("the dialect", () => {
  for (const row of spellings.filter((row) => row.href !== null)) {
    test(label(row), async () => {
      assert.equal(new A2AClient({ endpoint: row.url }).dialect, row.dialect, "from the endpoint");
      await serving(card("Agent", row.url), async () => {
        assert.equal((await A2AClient.discover(BASE)).dialect, row.dialect, "from a card");
      });
      // A card named as the simulator's is Magisterium's only on a loopback host.
      const named = row.loopback || row.dialect === "magisterium" ? "magisterium" : "a2a";
      await serving(card("Magisterium AI (simulator)", row.url), async () => {
        assert.equal((await A2AClient.discover(BASE)).dialect, named, "from a card named Magisterium AI");
      });
    });
  }
});

describe("a discovery base", () => {
  for (const row of spellings) {
    test(label(row), async () => {
      const fetched = await serving(card("Agent", "https://agent.example/a2a"), async () => {
        const discovered = A2AClient.discover(row.url);
        if (row.cardUrl === null) await rejectsWith(discovered, { code: "INVALID_INPUT" });
        else assert.equal((await discovered).endpoint, "https://agent.example/a2a");
      });
      assert.deepEqual(fetched, row.cardUrl === null ? [] : [row.cardUrl]);
    });
  }
});
