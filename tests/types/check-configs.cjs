// `tsc -p` of many configs in one process, for the TypeScript versions with a
// JS API (5.x): `node check-configs.cjs <typescript module> <tsconfig.json>…`.
// A process per config would load and warm up the compiler each time, about
// half of each check. For each config it prints `# <tsconfig.json>`, then the
// errors tsc would print, if any.
"use strict";

const ts = require(process.argv[2]);

const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine,
};

for (const path of process.argv.slice(3)) {
  console.log(`# ${path}`);
  const unrecoverable = [];
  const config = ts.getParsedCommandLineOfConfigFile(path, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => unrecoverable.push(d) });
  if (!config) {
    console.log(ts.formatDiagnostics(unrecoverable, host));
    continue;
  }
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) console.log(ts.formatDiagnostics(diagnostics, host));
}
