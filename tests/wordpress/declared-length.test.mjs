// The WordPress plugin's request-body cap reads a Content-Length by the
// package's one rule: PHP's `magisterium_a2a_declared_length` (includes/proxy.php)
// over every case of tests/fixtures/declared-lengths.json, which the core's
// BodyLimit and the package's JS are held to as well. Run by `php` alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { PLUGIN_SOURCE } from "./site.mjs";

const FIXTURE = fileURLToPath(new URL("../fixtures/declared-lengths.json", import.meta.url));
const table = JSON.parse(readFileSync(FIXTURE, "utf8"));

/** For each header of the table, what PHP makes of it: `{ used, refused }` under the table's limit. */
function readByPhp() {
  const script = `
    define( 'ABSPATH', '/' );
    require $argv[1];
    $table = json_decode( file_get_contents( $argv[2] ) );
    $read = array();
    foreach ( $table->declared as $row ) {
      $length = magisterium_a2a_declared_length( $row->header );
      $read[] = array( 'used' => null !== $length, 'refused' => null !== $length && $length > $table->limit );
    }
    echo json_encode( $read );`;
  const php = spawnSync("php", ["-r", script, join(PLUGIN_SOURCE, "includes/proxy.php"), FIXTURE], { encoding: "utf8" });
  assert.equal(php.status, 0, php.stderr);
  return JSON.parse(php.stdout);
}

test("a Content-Length is read by the table of declared-lengths.json", () => {
  const read = readByPhp();
  assert.equal(read.length, table.declared.length);
  for (const [n, row] of table.declared.entries()) {
    assert.deepEqual(read[n], { used: row.used, refused: row.refused }, `${JSON.stringify(row.header)}: ${row.why}`);
  }
});
