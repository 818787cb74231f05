import fs from 'node:fs';
import path from 'node:path';
import { type BuildOptions, build, type Metafile, type OutputFile } from 'esbuild';
import {
  checkExternals,
  type ExternalImport,
  externalImports,
  externalPackages,
  type Lockfile,
} from './check-externals';
import { allEntries, DIST, REPO_ROOT, SUPERVISOR_ENTRY, WORKSPACES } from './entries';
import { npmExternalsPlugin } from './npm-externals-plugin';
import { withoutPackageMappings } from './package-mappings';
import { sourceDirnamePlugin } from './source-dirname-plugin';

// `npm run build:server` (part of `npm run build`): the API, the indexer, the production CLIs and
// their worker threads compiled to plain JavaScript in dist/, which production runs with
// `node --enable-source-maps dist/<name>.js` (stack traces then name the .ts lines). Also writes
// dist/build-info.json, from which scripts/bin/compiled-build.cjs tells whether dist/ is older than
// the sources it was built from.

/** Written into dist/build-info.json; read by scripts/bin/compiled-build.cjs. */
export interface BuildInfo {
  /** When the build started reading sources (ms since the epoch): a file changed after is newer. */
  builtAt: number;
  /** Every repository file the build read, relative to the repository root. */
  inputs: string[];
  /** The files written into dist/, relative to the repository root. */
  outputs: string[];
  /** The npm packages the bundles load at run time (scripts/bin/check-runtime-deps.cjs loads each). */
  externals: ExternalImport[];
}

/**
 * Writes each file beside its target and renames it over, so a process starting meanwhile (a test
 * run, another build) reads the old file or the new one, never half of one.
 */
function writeAtomically(file: string, contents: Uint8Array | string) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

function removeLeftovers(outputs: OutputFile[]) {
  const kept = new Set(outputs.map((output) => output.path));
  for (const name of fs.readdirSync(DIST)) {
    const file = path.join(DIST, name);
    if (/\.js(\.map)?$/.test(name) && !kept.has(file)) fs.rmSync(file);
  }
}

export async function buildServer(): Promise<{ info: BuildInfo; outputs: OutputFile[] }> {
  const builtAt = Date.now();
  const options = {
    absWorkingDir: REPO_ROOT,
    outdir: DIST,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    // The maps name the .ts files and lines; without the sources' text in them (api.js.map 3.6 MB)
    // each process parses a fraction at start (issue 24, measured by t24-stalls: 106-282 ms -> 5-24
    // ms a process under load). Only the source excerpt Node prints above a fatal error is lost.
    sourcesContent: false,
    // Class and function names as in the sources: logs and errors print them.
    keepNames: true,
    metafile: true as const,
    write: false as const,
    logLevel: 'warning',
  } satisfies BuildOptions;
  const { [SUPERVISOR_ENTRY]: supervisor, ...entries } = allEntries();
  const results = await Promise.all([
    build({
      ...options,
      entryPoints: entries,
      plugins: [npmExternalsPlugin(), sourceDirnamePlugin(REPO_ROOT, WORKSPACES)],
    }),
    // The supervisor's bundle stays small: it is read and compiled before the first worker is
    // forked, and the packages it loads after (zod, pino) are required from node_modules then.
    build({
      ...options,
      entryPoints: { [SUPERVISOR_ENTRY]: supervisor! },
      plugins: [npmExternalsPlugin(new Set()), sourceDirnamePlugin(REPO_ROOT, WORKSPACES)],
    }),
  ]);
  const result = {
    outputFiles: results.flatMap((each) => each.outputFiles),
    metafile: {
      inputs: Object.assign({}, ...results.map((each) => each.metafile.inputs)),
      outputs: Object.assign({}, ...results.map((each) => each.metafile.outputs)),
    } as Metafile,
  };
  const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
  const problems = checkExternals(externalPackages(result.metafile), lock, WORKSPACES);
  if (problems.length > 0)
    throw new Error(`the bundles need packages production lacks:\n  ${problems.join('\n  ')}`);

  // The build's own files count as inputs (a changed entry list must rebuild), its tests do not.
  const buildSources = fs
    .readdirSync(__dirname)
    .filter((name) => !name.endsWith('.test.ts'))
    .map((name) => path.relative(REPO_ROOT, path.join(__dirname, name)));
  const info: BuildInfo = {
    builtAt,
    inputs: [
      ...Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/')),
      ...buildSources,
    ],
    outputs: result.outputFiles.map((output) => path.relative(REPO_ROOT, output.path)),
    externals: externalImports(result.metafile),
  };
  fs.mkdirSync(DIST, { recursive: true });
  for (const output of result.outputFiles)
    writeAtomically(
      output.path,
      // The npm packages compiled in are left out of the maps (package-mappings.ts).
      output.path.endsWith('.js.map')
        ? JSON.stringify(withoutPackageMappings(JSON.parse(output.text)))
        : output.contents,
    );
  removeLeftovers(result.outputFiles);
  // Plain CommonJS whatever the root package.json ever says about modules.
  writeAtomically(path.join(DIST, 'package.json'), '{ "type": "commonjs" }\n');
  writeAtomically(path.join(DIST, 'build-info.json'), `${JSON.stringify(info, null, 1)}\n`);
  return { info, outputs: result.outputFiles };
}

async function main() {
  const started = performance.now();
  const { outputs } = await buildServer();
  const bundles = outputs.filter((output) => output.path.endsWith('.js'));
  for (const output of bundles)
    console.log(
      `  ${path.relative(REPO_ROOT, output.path).padEnd(36)} ${(output.contents.length / 1024).toFixed(0).padStart(6)} kB`,
    );
  console.log(`built ${bundles.length} bundles in ${Math.round(performance.now() - started)} ms`);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(`build failed: ${error.message}`);
    process.exit(1);
  });
}
