// The loopback rule of the sign-in and the proxy (proxy/loopback-host.js, imported from the
// repository: the package does not export it) held to the core's, the
// loopback column of tests/fixtures/url-spellings.json; and the issuers
// `MagisteriumAuth` accepts over plain http: in Node, where `*.localhost`
// is a name DNS answers for.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { MagisteriumAuth } from "magisterium-a2a/auth";
import { isLoopbackHost } from "../../proxy/loopback-host.js";

const { spellings } = JSON.parse(readFileSync(new URL("../fixtures/url-spellings.json", import.meta.url), "utf8"));
/** The spellings the core gives a host to (the parser accepts them as endpoints). */
const hosts = spellings.filter((row) => row.loopback !== null);

/** A test's name: the spelling and why it is in the table. */
const label = (row) => `${JSON.stringify(row.url)}: ${row.note}`;

assert.ok(hosts.length >= 40, "the table has at least 40 spellings with a host");

describe("the core's loopback rule, on the hostname Node's URL parses", () => {
  for (const row of hosts) {
    test(label(row), () => assert.equal(isLoopbackHost(new URL(row.url).hostname), row.loopback));
  }
});

/** Whether `new MagisteriumAuth` of Node accepts `issuer`. */
function accepted(issuer) {
  try {
    new MagisteriumAuth({ redirectUri: "http://127.0.0.1/callback", issuer });
    return true;
  } catch (error) {
    assert.equal(error.code, "INVALID_INPUT", issuer);
    return false;
  }
}

test("an issuer over http: is accepted in Node only on loopback, not *.localhost", () => {
  for (const row of hosts) {
    const url = new URL(row.url);
    const hostName = url.hostname.endsWith(".localhost");
    const expected = url.protocol === "https:" || (url.protocol === "http:" && row.loopback && !hostName);
    assert.equal(accepted(row.url), expected, label(row));
  }
  for (const issuer of ["http://127.0.0.1.nip.io", "http://127.0.0.1.evil.example:8080", "http://app.localhost:8080", "http://localhost.:8080"]) {
    assert.equal(accepted(issuer), false, issuer);
  }
  for (const issuer of ["http://127.0.0.1:9", "http://127.1.2.3", "http://localhost:9", "http://[::1]:9", "https://app.localhost"]) {
    assert.equal(accepted(issuer), true, issuer);
  }
});
