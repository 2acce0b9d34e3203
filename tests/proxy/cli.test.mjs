// The installed package's command: `magisterium-a2a proxy` as a user runs it
// (its first line, its token source, its usage errors, how it stops), and the
// command's dispatch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { configHome, logInAt, savedTokens, startSimulator } from "../sign-in-server.mjs";
import { PARISH, answerText, ask, endpoint, freshToken } from "./harness.mjs";
import { CLI, startCliWith } from "./runtimes.mjs";

/** Runs the command with `args` and `env` to its end: `{ code, stdout, stderr }`. */
function runCli(args, env = {}) {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

test("the proxy's first line says where it listens; it serves until SIGTERM, then exits 0", async () => {
  const token = await freshToken();
  const proxy = await startCliWith(["--listen", "127.0.0.1:0", "--allow-origin", PARISH, "--upstream", endpoint], { MAGISTERIUM_TOKEN: token });
  try {
    assert.match(proxy.first, /^listening on http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    assert.match(answerText(await ask(proxy.url, "saints_of_the_day", "2026-03-19")), /Saint Joseph/);
  } finally {
    assert.equal(await proxy.stop(), 0);
  }
  assert.ok(!proxy.output().includes(token), "the token is never printed");
});

test("without a token or a saved sign-in the proxy says where one comes from and exits 1", async () => {
  const { home } = await configHome();
  try {
    const { code, stdout, stderr } = await runCli(["proxy", "--allow-origin", PARISH, "--listen", "127.0.0.1:0"], { XDG_CONFIG_HOME: home });
    assert.equal(code, 1);
    assert.equal(stdout, "");
    assert.match(stderr, /no token: set MAGISTERIUM_TOKEN, or sign in with `npx magisterium-a2a login`/);
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});

test("without MAGISTERIUM_TOKEN the proxy calls with the sign-in `login` saved, refreshed once it expires", async () => {
  const TTL = 60;
  const sim = await startSimulator(["--access-token-ttl-secs", String(TTL)]);
  const { home, file } = await configHome();
  let proxy;
  try {
    await logInAt(sim.url, home);
    const first = await savedTokens(file, sim);
    proxy = await startCliWith(["--listen", "127.0.0.1:0", "--allow-origin", PARISH, "--upstream", sim.endpoint], { XDG_CONFIG_HOME: home });
    assert.match(answerText(await ask(proxy.url, "saints_of_the_day", "2026-03-19")), /Saint Joseph/);
    await sim.control("clock", { advanceSecs: TTL + 1 });
    const afterExpiry = await ask(proxy.url, "saints_of_the_day", "2026-03-17");
    assert.ok(answerText(afterExpiry).length > 0, "the expired access token was refreshed and the call made");
    const second = await savedTokens(file, sim);
    assert.notEqual(second.accessToken, first.accessToken, "a new access token");
    assert.notEqual(second.refreshToken, first.refreshToken, "the rotated refresh token is saved for the next run");
    for (const secret of [first.accessToken, first.refreshToken, second.accessToken, second.refreshToken]) {
      assert.ok(!proxy.output().includes(secret), "no token in the proxy's output");
    }
  } finally {
    // Everything is stopped before the exit code is checked, so a failed check leaves nothing running.
    const exit = await proxy?.stop();
    await sim.stop();
    await rm(home, { recursive: true, force: true });
    if (proxy) assert.equal(exit, 0, "the proxy exits 0 on SIGTERM");
  }
});

test("a usage mistake is named on stderr with the usage, exit code 2", async () => {
  const env = { MAGISTERIUM_TOKEN: "secret-token-value" };
  const mistakes = [
    [["proxy", "--listen", "127.0.0.1:0"], /--allow-origin is required/],
    [["proxy", "--allow-origin", "https://parish.example/news"], /"https:\/\/parish.example\/news" is not an origin/],
    [["proxy", "--allow-origin", PARISH, "--listen", "8080"], /expected HOST:PORT/],
    [["proxy", "--allow-origin", PARISH, "--listen", "127.0.0.1:99999"], /expected HOST:PORT/],
    [["proxy", "--allow-origin", PARISH, "--colour"], /Unknown option '--colour'/],
    [["proxy", "--allow-origin", PARISH, "--time-zone", "Moon/Tranquility"], /--time-zone: unknown time zone "Moon\/Tranquility"/],
    [["proxy", "--allow-origin", PARISH, "--skills", "saints_of_the_day,catholic_qa"], /--skills must list/],
    [["proxy", "--allow-origin", PARISH, "--upstream", "http://a2a.example/"], /--upstream must be https:/],
    [["proxy", "--allow-origin", PARISH, "--upstream-budget", "0"], /--upstream-budget must be an integer from 1/],
    [["proxy", "--allow-origin", PARISH, "--upstream-budget", "1e3"], /--upstream-budget 1e3: expected a whole number/],
    [["proxy", "--allow-origin", PARISH, "--days-back", "4000"], /--days-back must be an integer from 0 to 3660/],
    [["proxy", "--allow-origin", PARISH, "--days-ahead", "a year"], /--days-ahead a year: expected a whole number/],
    [["proxy", "--allow-origin", PARISH, "--client-misses", "0"], /--client-misses must be an integer from 1/],
    [["proxy", "--allow-origin", PARISH, "--client-key-header", "X Real IP"], /--client-key-header X Real IP: expected a header name/],
  ];
  for (const [args, reason] of mistakes) {
    const { code, stdout, stderr } = await runCli(args, env);
    assert.equal(code, 2, args.join(" "));
    assert.equal(stdout, "");
    assert.match(stderr, reason);
    const [reasonLine] = stderr.split("\n");
    assert.doesNotMatch(reasonLine, /`\w+`|allowOrigins|timeZone|upstreamBudget|daysBack|daysAhead|clientMisses/, "the flags are named, not createProxy's options");
    assert.match(stderr, /usage: magisterium-a2a proxy/);
    assert.ok(!stderr.includes(env.MAGISTERIUM_TOKEN));
  }
});

test("the command lists its commands, refuses an unknown one, and each command has --help", async () => {
  const help = await runCli(["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^ {2}proxy +run the parish proxy/m);
  const unknown = await runCli(["serve"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /no command "serve"/);
  const none = await runCli([]);
  assert.equal(none.stdout, help.stdout, "no command: the list");
  const proxyHelp = await runCli(["proxy", "--help"]);
  assert.equal(proxyHelp.code, 0);
  const options = ["--listen", "--allow-origin", "--time-zone", "--skills", "--upstream", "--upstream-budget", "--days-back", "--days-ahead", "--client-key-header", "--client-misses"];
  for (const option of [...options, "MAGISTERIUM_TOKEN"]) {
    assert.ok(proxyHelp.stdout.includes(option), option);
  }
});
