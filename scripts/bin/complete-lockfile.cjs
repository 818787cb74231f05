#!/usr/bin/env node
// Adds the lockfile entries that npm leaves out when the registry it talks to lacks some
// platform-specific optional packages (our development registry mirrors only some of them:
// e.g. @swc/core-darwin-arm64). `npm ci` then refuses the lockfile as "out of sync". A complete
// registry would record each of these packages with its version and os/cpu/libc, so that
// `npm ci` skips the ones that do not fit the machine without fetching them; this script writes
// the same entries, reading the platform from the package name.
// Run after `npm install` changed package-lock.json: node scripts/bin/complete-lockfile.cjs
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const file = path.resolve(__dirname, '../../package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openharmony',
  'sunos',
  'netbsd',
  'openbsd',
  'aix',
];
const CPU = [
  ['arm64', 'arm64'],
  ['x64', 'x64'],
  ['ia32', 'ia32'],
  ['ppc64', 'ppc64'],
  ['s390x', 's390x'],
  ['riscv64', 'riscv64'],
  ['loong64', 'loong64'],
  ['wasm32', 'wasm32'],
  ['arm', 'arm'],
];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const entry = {};
  const os = parts.find((part) => OS.includes(part));
  if (os) entry.os = [os];
  const cpu = CPU.find(([token]) => parts.includes(token) || parts.some((part) => part.startsWith(token)));
  if (cpu) entry.cpu = [cpu[1]];
  if (parts.some((part) => part.startsWith('musl'))) entry.libc = ['musl'];
  else if (parts.some((part) => part === 'gnu' || part.startsWith('gnueabi'))) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [location, info] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(info.optionalDependencies ?? {})) {
    const nested = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[`node_modules/${name}`] || packages[nested]) continue;
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) {
      console.warn(`skipped ${name}: no platform in its name`);
      continue;
    }
    packages[`node_modules/${name}`] = {
      version: spec.replace(/^[~^=]/, ''),
      ...(info.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform-specific optional entries`);
