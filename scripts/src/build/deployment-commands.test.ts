import fs from 'node:fs';
import path from 'node:path';
import { PROCESS_ENTRIES, REPO_ROOT } from './entries';

// The image and docker-compose.yml cannot be built or run here (no Docker engine): what they run is
// read and checked against the build instead.

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const { apiNodeArgs } = require('../../bin/api-node-args.cjs') as {
  apiNodeArgs: (env: NodeJS.ProcessEnv, options?: { runtime: string }) => string[];
};

describe('what production runs', () => {
  const dockerfile = read('Dockerfile');
  const runtimeStage = dockerfile.slice(dockerfile.indexOf('AS runtime'));

  it('When the image starts, then it runs the compiled API with the arguments npm start gives it', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(runtimeStage)?.[1];
    const args = JSON.parse(cmd!) as string[];
    expect(args).toEqual(['node', ...apiNodeArgs({}, { runtime: 'compiled' })]);
  });

  it('When the runtime stage is assembled, then it has no tsx and no TypeScript sources', () => {
    expect(runtimeStage).not.toMatch(/tsx/);
    expect(runtimeStage).not.toMatch(/^COPY \. /m);
    expect(runtimeStage).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(runtimeStage).toMatch(/^RUN node scripts\/bin\/check-runtime-deps\.cjs/m);
  });

  it('When compose starts the indexer, then it runs the compiled indexer of the build', () => {
    expect(read('docker-compose.yml')).toMatch(/command: \[node, --enable-source-maps, dist\/indexer\.js\]/);
    expect(PROCESS_ENTRIES.indexer).toBe('indexer/src/main.ts');
  });

  it('When the API is asked for from sources, then it runs through tsx as before the build step', () => {
    expect(apiNodeArgs({ NODE_HEAP_MB: '256' }, { runtime: 'tsx' })).toEqual([
      '--import',
      'tsx',
      '--max-old-space-size=256',
      'server/src/main.ts',
    ]);
  });
});
