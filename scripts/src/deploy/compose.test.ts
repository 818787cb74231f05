import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HEARTBEAT_FILE, HEARTBEAT_STALE_MS } from '@agentry/indexer/heartbeat';
import { envSchema } from '@agentry/platform/config/env';
import { InterpolationError, REPO_ROOT, readCompose, resolveCompose } from './compose-file';

// docker-compose.yml (and the three-node variant) as production: no Docker engine runs here, so the
// files are read as Compose reads them and checked against the code and the documentation they
// cite. What this cannot show: that the images start, that mongod accepts the keyfile, that the
// replica set elects. Those need a machine with Docker (README, Tests).

const secrets = {
  SESSION_SECRET: 'x'.repeat(64),
  PAYMENTS_MODE: 'test',
  MEILI_MASTER_KEY: 'm'.repeat(48),
  MONGO_ROOT_PASSWORD: 'r'.repeat(48),
  MONGO_APP_PASSWORD: 'a'.repeat(48),
  MONGO_REPLICA_KEY: 'k'.repeat(96),
  MEILI_API_KEY: 'w'.repeat(64),
  MEILI_SEARCH_KEY: 's'.repeat(64),
};
const compose = resolveCompose(secrets);
const { api, indexer, migrate, mongo, meilisearch } = compose.services;
const envOf = (service: keyof typeof compose.services) => compose.services[service]!.environment ?? {};

/** Settings no app container is given, and why. */
const NOT_PASSED: Record<string, string> = {
  PORT: 'the image sets it (Dockerfile ENV); the port is published by compose',
  HOST: 'the image sets it',
  DATA_DIR: 'the image sets it, on a volume',
  MEILI_MASTER_KEY: 'refused to the processes; meilisearch and meili-keys only',
  MEILI_API_KEY: 'the indexer and migrate only',
  MEILI_SEARCH_KEY: 'the API only',
  MONGODB_URI: 'compose writes it (user, hosts, replica set)',
};

describe('docker-compose.yml', () => {
  it('When a required secret is missing, then compose refuses to start and names it', () => {
    for (const name of [
      'SESSION_SECRET',
      'MEILI_MASTER_KEY',
      'MONGO_ROOT_PASSWORD',
      'MONGO_APP_PASSWORD',
      'MONGO_REPLICA_KEY',
    ]) {
      const without: Record<string, string> = { ...secrets };
      delete without[name];
      expect(() => resolveCompose(without)).toThrow(InterpolationError);
      expect(() => resolveCompose(without)).toThrow(new RegExp(name));
    }
  });

  it('When a setting exists, then every app process gets it (or is kept from it for a stated reason)', () => {
    for (const name of Object.keys(envSchema.shape)) {
      if (name in NOT_PASSED) continue;
      for (const service of ['api', 'indexer', 'migrate'] as const)
        expect({ service, name, passed: name in envOf(service) }).toEqual({ service, name, passed: true });
    }
    // A setting left out of .env reaches the process empty, which the config loader reads as unset.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's interpolation, not a template
    expect(readCompose().services.api!.environment!.WEB_CONCURRENCY).toBe('${WEB_CONCURRENCY:-}');
  });

  it('When .env.example is read, then it documents every setting and every variable compose needs', () => {
    const example = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));
    for (const name of [...Object.keys(envSchema.shape), ...Object.keys(secrets)])
      expect({ name, documented: documented.has(name) }).toEqual({ name, documented: true });
  });

  it('When the processes run, then the master key stays with Meilisearch and the one-off that makes keys', () => {
    const holders = Object.entries(compose.services)
      .filter(([, service]) => service.environment && 'MEILI_MASTER_KEY' in service.environment)
      .map(([name]) => name);
    expect(holders.sort()).toEqual(['meili-keys', 'meilisearch']);
    expect(envOf('api')).toMatchObject({ MEILI_SEARCH_KEY: secrets.MEILI_SEARCH_KEY });
    expect(envOf('api')).not.toHaveProperty('MEILI_API_KEY');
    for (const service of ['indexer', 'migrate'] as const) {
      expect(envOf(service)).toMatchObject({ MEILI_API_KEY: secrets.MEILI_API_KEY });
      expect(envOf(service)).not.toHaveProperty('MEILI_SEARCH_KEY');
    }
    // The processes sign in to MongoDB as the application's user, never as root.
    for (const service of ['api', 'indexer', 'migrate'] as const) {
      expect(envOf(service).MONGODB_URI).toBe(
        `mongodb://agentry:${secrets.MONGO_APP_PASSWORD}@mongo:27017/agentry?replicaSet=rs0&authSource=agentry`,
      );
      expect(JSON.stringify(envOf(service))).not.toContain(secrets.MONGO_ROOT_PASSWORD);
    }
    expect(compose.services['meili-keys']).toMatchObject({ profiles: ['setup'], restart: 'no' });
  });

  it('When compose starts, then migrate runs once after the store and the engine are healthy, and the processes after it', () => {
    expect(migrate).toMatchObject({
      restart: 'no',
      command: ['node', '--enable-source-maps', 'dist/migrate.js'],
      depends_on: { mongo: { condition: 'service_healthy' }, meilisearch: { condition: 'service_healthy' } },
    });
    for (const service of [api!, indexer!]) {
      expect(service.depends_on).toEqual({
        mongo: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
    // The API does not wait for Meilisearch: it starts without it and answers from the store.
    expect(api!.depends_on).not.toHaveProperty('meilisearch');
  });

  it('When MongoDB starts, then it runs a replica set with authentication and a keyfile only its owner reads', () => {
    expect(mongo!.image).toBe('mongo:7');
    expect(mongo!.command).toEqual([
      'mongod',
      '--replSet',
      'rs0',
      '--keyFile',
      '/data/configdb/replica.key',
      '--bind_ip_all',
    ]);
    expect(mongo!.environment).toMatchObject({
      MONGO_INITDB_ROOT_USERNAME: 'root',
      MONGO_INITDB_ROOT_PASSWORD: secrets.MONGO_ROOT_PASSWORD,
      MONGO_REPLICA_KEY: secrets.MONGO_REPLICA_KEY,
    });
    const script = mongo!.entrypoint!.join('\n');
    expect(script).toMatch(/chown mongodb:mongodb \/data\/configdb\/replica\.key/);
    expect(script).toMatch(/chmod 400 \/data\/configdb\/replica\.key/);
    expect(script).toMatch(/exec docker-entrypoint\.sh "\$@"/);
    // Healthy means a writable primary, after initiating the set; the password from the environment.
    const check = mongo!.healthcheck!.test!.join(' ');
    expect(check).toMatch(/process\.env\.MONGO_INITDB_ROOT_PASSWORD/);
    expect(check).toMatch(/rs\.initiate\(\{_id:'rs0',members:\[\{_id:0,host:'mongo:27017'\}\]\}\)/);
    expect(check).toMatch(/quit\(db\.hello\(\)\.isWritablePrimary \? 0 : 1\)/);
    expect(mongo!.volumes).toContain(
      './deploy/mongo/create-app-user.js:/docker-entrypoint-initdb.d/create-app-user.js:ro',
    );
    const userScript = fs.readFileSync(path.join(REPO_ROOT, 'deploy/mongo/create-app-user.js'), 'utf8');
    expect(userScript).toMatch(/user: 'agentry'/);
    expect(userScript).toMatch(/roles: \[\{ role: 'readWrite', db: 'agentry' \}\]/);
  });

  it('When Meilisearch starts, then it runs the pinned version in production mode with its master key', () => {
    expect(meilisearch).toMatchObject({
      image: 'getmeili/meilisearch:v1.28.2',
      environment: { MEILI_MASTER_KEY: secrets.MEILI_MASTER_KEY, MEILI_ENV: 'production' },
    });
    expect(meilisearch!.healthcheck!.test).toEqual(['CMD', 'curl', '-fsS', 'http://localhost:7700/health']);
  });

  describe("the indexer's health check", () => {
    const run = (tmp: string): Promise<number> => {
      const [kind, program, flag, script] = indexer!.healthcheck!.test!;
      expect([kind, program, flag]).toEqual(['CMD', 'node', '-e']);
      return new Promise((resolve) => {
        execFile(process.execPath, ['-e', script!], { env: { ...process.env, TMPDIR: tmp } }, (error) =>
          resolve(error ? Number(error.code ?? 1) : 0),
        );
      });
    };

    it('When the loop touched its file lately, then it is healthy; when the file is stale or missing, it is not', async () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-heartbeat-'));
      try {
        const file = path.join(tmp, path.basename(HEARTBEAT_FILE));
        expect(await run(tmp)).toBe(1);
        fs.writeFileSync(file, 'now\n');
        expect(await run(tmp)).toBe(0);
        const stale = (Date.now() - HEARTBEAT_STALE_MS - 1000) / 1000;
        fs.utimesSync(file, stale, stale);
        expect(await run(tmp)).toBe(1);
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    });
  });
});

describe('the three-node variant (deploy/docker-compose.three-node.yml)', () => {
  const three = resolveCompose(secrets, 'docker-compose.yml', 'deploy/docker-compose.three-node.yml');

  it('When merged over docker-compose.yml, then three members share the keyfile and the processes know all three', () => {
    const members = ['mongo', 'mongo2', 'mongo3'].map((name) => three.services[name]!);
    for (const member of members) {
      expect(member.command).toEqual([
        'mongod',
        '--replSet',
        'rs0',
        '--keyFile',
        '/data/configdb/replica.key',
        '--bind_ip_all',
      ]);
      expect(member.environment!.MONGO_REPLICA_KEY).toBe(secrets.MONGO_REPLICA_KEY);
    }
    expect(three.services.mongo!.healthcheck!.test!.join(' ')).toMatch(
      /members:\[\{_id:0,host:'mongo:27017'\},\{_id:1,host:'mongo2:27017'\},\{_id:2,host:'mongo3:27017'\}\]/,
    );
    for (const name of ['api', 'indexer', 'migrate'])
      expect(three.services[name]!.environment!.MONGODB_URI).toBe(
        `mongodb://agentry:${secrets.MONGO_APP_PASSWORD}@mongo:27017,mongo2:27017,mongo3:27017/agentry?replicaSet=rs0&authSource=agentry`,
      );
    // The other settings stay as the base file gives them.
    expect(three.services.api!.environment!.MEILI_SEARCH_KEY).toBe(secrets.MEILI_SEARCH_KEY);
  });
});
