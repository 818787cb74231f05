import type { Plugin } from 'esbuild';
import { packageOf } from './check-externals';

// Most npm packages stay require()s, resolved from node_modules at run time: native modules such as
// better-sqlite3 and @node-rs/argon2 cannot be bundled, the image installs every production
// dependency anyway, and the large ones a process loads only when configured or asked (mongoose,
// meilisearch, stripe, nodemailer, xlsx, the MCP SDK) would only lengthen every bundle. The
// workspaces' own packages (@agentry/*) are compiled in (they export TypeScript that plain Node
// cannot load); so are the pure-JavaScript packages every API process loads before it serves
// (BUNDLED). Each of those was 100-400 files that Node resolved, read and compiled one by one
// before a worker could listen (issue 24: 1.0-1.5 s of a restarted worker's main thread under
// load went to require() of npm packages; express 239 ms of CPU, zod 174, pino 65 alone).

/** Packages compiled into the bundles: pure JavaScript, loaded by every API process before it serves. */
export const BUNDLED = new Set([
  'express',
  'express-session',
  'helmet',
  'multer',
  'otplib',
  'passport',
  'passport-local',
  'pino',
  'stemmer',
  'yazl',
  'zod',
]);

export function npmExternalsPlugin(bundled: ReadonlySet<string> = BUNDLED): Plugin {
  return {
    name: 'npm-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@agentry/')) return undefined;
        // A bundled package's own dependencies are bundled with it (they are what it loads).
        const importedByDependency = args.importer.includes('/node_modules/');
        const name = packageOf(args.path);
        if (name === null) return { path: args.path, external: true };
        if (bundled.has(name) || importedByDependency) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}
