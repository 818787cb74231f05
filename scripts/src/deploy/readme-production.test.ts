import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import type { ProcessRole } from '@agentry/platform/config/role';
import { RecordingMeili } from '@agentry/platform/search/meili/testing/recording-meili';
import { containerEnv, imageEnv, parseDotenv, REPO_ROOT, resolveCompose } from './compose-file';

// The README's production section, followed literally: its shell commands are read from the README,
// the secrets it generates are generated, its `docker compose run --rm -T meili-keys >> .env` runs
// the meili-keys command with the environment compose gives that service (against a stand-in of
// Meilisearch: none runs here), and the environment compose then gives each process must pass the
// configuration loader with that process's role. This is what crash-looped before: the README set
// two variables where production needs a payment choice too.

/** The README's fenced sh block of its "Production shape" section. */
function productionCommands(): string {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Production shape'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README: no sh block in "Production shape"');
  return block[1]!;
}

/** `$(openssl rand -hex N)` as the shell would expand it: 2N hex digits. */
function expandShell(value: string): string {
  return value.replace(/\$\(openssl rand -hex (\d+)\)/g, (_, bytes: string) =>
    'a1'.repeat(Number(bytes)).slice(0, Number(bytes) * 2),
  );
}

/** Runs the meili-keys CLI (from sources) with this environment; resolves its stdout. */
function runMeiliKeys(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/src/meili-keys/main.ts')],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

const ROLES: Record<string, ProcessRole> = {
  api: 'api',
  indexer: 'indexer',
  migrate: 'indexer',
  'meili-keys': 'meili-keys',
};

describe("the README's production commands", () => {
  // The meili-keys command runs as a process from its TypeScript sources (tsx): seconds on a busy machine.
  jest.setTimeout(60_000);
  let meili: RecordingMeili;
  beforeAll(async () => {
    meili = await new RecordingMeili().start();
  });
  afterAll(() => meili.stop());

  it('When followed literally, then compose gives the API, the indexer and migrate a configuration they accept', async () => {
    const commands = productionCommands();
    let dotenv = '';
    // Step 1: the heredoc appended to .env.
    const heredoc = /cat >> \.env <<EOF\n([\s\S]*?)\nEOF/.exec(commands);
    expect(heredoc).not.toBeNull();
    dotenv += `${expandShell(heredoc![1]!)}\n`;
    // Step 2: the image built, then the keys, made by the meili-keys service of compose, appended to .env.
    expect(commands).toMatch(/^docker compose build\ndocker compose run --rm -T meili-keys >> \.env$/m);
    const beforeKeys = resolveCompose(parseDotenv(dotenv));
    const keysService = beforeKeys.services['meili-keys']!;
    expect(keysService.command).toEqual(['node', '--enable-source-maps', 'dist/meili-keys.js']);
    const keysEnv = containerEnv(keysService, imageEnv());
    expect(loadConfig(keysEnv, 'meili-keys').MEILI_MASTER_KEY).toBe(parseDotenv(dotenv).MEILI_MASTER_KEY);
    const printed = await runMeiliKeys({ ...keysEnv, MEILI_HOST: meili.url });
    expect(printed).toMatch(/^MEILI_API_KEY=[0-9a-f]{64}\nMEILI_SEARCH_KEY=[0-9a-f]{64}\n$/);
    dotenv += printed;
    // Step 3: `docker compose up -d` starts every service without a profile.
    expect(commands).toMatch(/^docker compose up -d$/m);
    const compose = resolveCompose(parseDotenv(dotenv));
    const started = Object.entries(compose.services).filter(([, service]) => !service.profiles);
    expect(started.map(([name]) => name).sort()).toEqual([
      'api',
      'indexer',
      'meilisearch',
      'migrate',
      'mongo',
    ]);
    for (const [name, service] of started) {
      const role = ROLES[name];
      if (!role) continue;
      const env = containerEnv(service, imageEnv());
      expect(() => loadConfig(env, role)).not.toThrow();
      const config = loadConfig(env, role);
      expect(config).toMatchObject({ NODE_ENV: 'production', store: 'mongodb', search: 'meilisearch' });
      // The master key never reaches a process that runs on.
      expect(env.MEILI_MASTER_KEY).toBeUndefined();
    }
  });

  it('When a step is skipped, then the process says what is missing instead of starting wrong', () => {
    const heredoc = /cat >> \.env <<EOF\n([\s\S]*?)\nEOF/.exec(productionCommands())![1]!;
    // Without step 2, the keys are empty: the API names the one it lacks and the command that makes it.
    const compose = resolveCompose(parseDotenv(expandShell(heredoc)));
    expect(() => loadConfig(containerEnv(compose.services.api!, imageEnv()), 'api')).toThrow(
      /MEILI_SEARCH_KEY is required with MEILI_HOST in production \(create it with `npm run meili:keys`\)/,
    );
    // Without the payment choice, production refuses to start (what crash-looped before).
    const withoutPayments = parseDotenv(expandShell(heredoc));
    delete withoutPayments.PAYMENTS_MODE;
    const env = containerEnv(
      resolveCompose({ ...withoutPayments, MEILI_SEARCH_KEY: 'k' }).services.api!,
      imageEnv(),
    );
    expect(() => loadConfig(env, 'api')).toThrow(/PAYMENTS_MODE must be set in production/);
  });
});
