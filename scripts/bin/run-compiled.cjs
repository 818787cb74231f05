#!/usr/bin/env node
// `node scripts/bin/run-compiled.cjs <name> [arguments]`: runs dist/<name>.js, the compiled form
// of a production CLI (`npm run import`, `indexer`, `reindex`, `admin:create`), building dist/
// first if it is older than the sources (compiled-build.cjs). So the CLIs run the code production
// runs, and still the code of the checkout. Plain CommonJS.
'use strict';
const { compiledEntryArgs } = require('./compiled-build.cjs');
const { runInForeground } = require('./run-in-foreground.cjs');

const [name, ...args] = process.argv.slice(2);
let nodeArgs;
try {
  nodeArgs = compiledEntryArgs(name ?? '');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
runInForeground([...nodeArgs, ...args]);
