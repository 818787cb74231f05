import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

// In a bundle, __dirname is the bundle's directory (dist/), not the directory of the module that
// reads it. A few modules find files beside the repository through it (server/src/start.ts:
// client/dist; docs.routes.ts: docs/openapi.yaml). This plugin gives each such module a local
// __dirname equal to its source directory, computed at run time from the bundle's own place
// (dist/ sits at the repository root), so the same relative paths hold in a checkout and in the
// image, where the TypeScript sources are absent but client/dist and docs/ are not. The line is
// put before the module's first line, not on a line of its own, so source maps stay exact.

export function sourceDirnamePlugin(root: string, workspaces: string[]): Plugin {
  const inWorkspace = new RegExp(`^${escapeRegExp(root)}/(${workspaces.join('|')})/src/.*\\.ts$`);
  return {
    name: 'source-dirname',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!inWorkspace.test(args.path)) return undefined;
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (!/\b__dirname\b/.test(source)) return { contents: source, loader: 'ts' };
        const relative = path.relative(root, path.dirname(args.path)).split(path.sep).join('/');
        const local = `const __dirname = require("node:path").join(__filename, "../..", ${JSON.stringify(relative)}); `;
        return { contents: local + source, loader: 'ts' };
      });
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
