#!/usr/bin/env node
// `node scripts/bin/check-runtime-deps.cjs`: loads, from dist/, every npm package the compiled
// bundles load at run time (the list is in dist/build-info.json), the way they load it: require()
// or import(). The Dockerfile runs it in the runtime image, so a package missing from the production
// install fails the image build rather than the first start or the first request that needs it.
// Loading runs each package's top level only; nothing of ours starts. Plain CommonJS.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const dist = path.resolve(process.argv[2] ?? path.join(__dirname, '../../dist'));

async function main() {
  const { externals } = JSON.parse(fs.readFileSync(path.join(dist, 'build-info.json'), 'utf8'));
  const failures = [];
  for (const { specifier, dynamic } of externals) {
    try {
      const file = require.resolve(specifier, { paths: [dist] });
      if (dynamic) await import(pathToFileURL(file).href);
      else require(file);
    } catch (error) {
      failures.push(`${specifier}: ${error.message.split('\n')[0]}`);
    }
  }
  if (failures.length > 0) {
    console.error(`The compiled bundles in ${dist} cannot load:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${externals.length} npm imports of the bundles load from ${dist}`);
  // Some packages leave timers or handles behind once loaded; the check is done.
  process.exit(0);
}

main();
