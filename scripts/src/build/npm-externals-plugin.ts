import type { Plugin } from 'esbuild';

// npm packages stay require()s, resolved from node_modules at run time (native modules such as
// better-sqlite3 cannot be bundled, and the image installs them anyway); the workspaces'
// own packages (@agentry/*) are compiled in. esbuild's `packages: 'external'` would leave those
// out too, and they export TypeScript that plain Node cannot load.

export function npmExternalsPlugin(): Plugin {
  return {
    name: 'npm-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@agentry/')) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}
