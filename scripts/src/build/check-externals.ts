import { builtinModules } from 'node:module';
import type { Metafile } from 'esbuild';

// The bundles require their npm packages at run time from the node_modules beside dist/, and the
// image installs only production dependencies (`npm ci --omit=dev`). A package that a bundle
// requires but that the image lacks would fail at the first start, or worse at the first request
// that loads it; this check fails the build instead. It reads what `npm ci --omit=dev` installs
// from package-lock.json: an entry at node_modules/<name> (not nested under a workspace, which a
// bundle in dist/ cannot reach) not marked dev.

interface LockPackage {
  dev?: boolean;
  devOptional?: boolean;
  dependencies?: Record<string, string>;
}
export interface Lockfile {
  packages: Record<string, LockPackage>;
}

const BUILTINS = new Set(builtinModules);

/** 'pino/file' → 'pino'; '@scope/name/sub' → '@scope/name'; null for Node's own modules. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || BUILTINS.has(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The npm packages each bundle requires at run time: output file → package names. */
export function externalPackages(metafile: Metafile): Map<string, Set<string>> {
  const byOutput = new Map<string, Set<string>>();
  for (const [output, { imports }] of Object.entries(metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    const packages = new Set<string>();
    for (const each of imports) {
      const name = each.external ? packageOf(each.path) : null;
      if (name) packages.add(name);
    }
    byOutput.set(output, packages);
  }
  return byOutput;
}

/** A require() or import() the bundles make of an npm package, as scripts/bin/check-runtime-deps.cjs loads it. */
export interface ExternalImport {
  specifier: string;
  dynamic: boolean;
}

/** Every distinct npm import of every bundle (Node's own modules left out). */
export function externalImports(metafile: Metafile): ExternalImport[] {
  const seen = new Map<string, ExternalImport>();
  for (const { imports } of Object.values(metafile.outputs)) {
    for (const each of imports) {
      if (!each.external || packageOf(each.path) === null) continue;
      const dynamic = each.kind === 'dynamic-import';
      seen.set(`${each.path} ${dynamic}`, { specifier: each.path, dynamic });
    }
  }
  return [...seen.values()].sort((a, b) => a.specifier.localeCompare(b.specifier));
}

/**
 * Problems, one line each: a required package missing from the production install, or one that is
 * there only by chance (a dependency of a dependency) rather than declared by a workspace.
 */
export function checkExternals(
  required: Map<string, Set<string>>,
  lock: Lockfile,
  workspaces: string[],
): string[] {
  const declared = new Set<string>();
  for (const workspace of ['', ...workspaces]) {
    for (const name of Object.keys(lock.packages[workspace]?.dependencies ?? {})) declared.add(name);
  }
  const problems: string[] = [];
  for (const [output, packages] of required) {
    for (const name of packages) {
      const installed = lock.packages[`node_modules/${name}`];
      if (!installed)
        problems.push(`${output} requires ${name}, which is not installed at node_modules/${name}`);
      else if (installed.dev || installed.devOptional)
        problems.push(
          `${output} requires ${name}, a development dependency (npm ci --omit=dev leaves it out)`,
        );
      else if (!declared.has(name))
        problems.push(`${output} requires ${name}, which no workspace declares in its dependencies`);
    }
  }
  return problems;
}
