import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { startTestServer, type TestServer } from '../testing/test-server';
import { supervisorShutdownMs } from './shutdown-budget';

// docker-compose.yml and the Dockerfile cannot be run here (no Docker engine): their health checks
// and stop grace period are read and checked against the code instead, and the API's health check
// command is run against a real server. js-yaml is jest's own dependency (no types of its own).

const REPO_ROOT = path.resolve(__dirname, '../../..');
const yaml = require('js-yaml') as { safeLoad(text: string): unknown };

interface ComposeService {
  healthcheck?: { test?: string[]; disable?: boolean };
  stop_grace_period?: string;
  environment?: Record<string, string | null>;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

const compose = yaml.safeLoad(
  fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'),
) as ComposeFile;
const api = compose.services.api!;

/** Compose durations as the API's stop_grace_period uses them: "25s", "1m30s". */
function durationMs(value: string): number {
  const match = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || value === '') throw new Error(`unreadable duration ${value}`);
  return (Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)) * 1000;
}

/** Runs the health check's command (["CMD", "node", "-e", script]) with PORT set; resolves its exit code. */
function runCheck(command: string[], port: number): Promise<number> {
  const [kind, program, ...args] = command;
  expect([kind, program]).toEqual(['CMD', 'node']);
  return new Promise((resolve) => {
    execFile(process.execPath, args, { env: { ...process.env, PORT: String(port) } }, (error) =>
      resolve(error ? Number(error.code ?? 1) : 0),
    );
  });
}

describe('docker-compose.yml and the Dockerfile', () => {
  it('check the API with /readyz', () => {
    expect(api.healthcheck?.test?.join(' ')).toMatch(/\/readyz/);
    const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
    const check = /^HEALTHCHECK[\s\S]*?CMD (\[.*\])$/m.exec(dockerfile);
    expect(check?.[1]).toMatch(/\/readyz/);
    // The indexer runs the same image but serves no HTTP: its check reads the file its loop touches
    // (scripts/src/deploy/compose.test.ts runs that check).
    expect(compose.services.indexer!.healthcheck?.test?.join(' ')).toMatch(/agentry-indexer\.alive/);
  });

  it('give the API longer to stop than its own shutdown bounds allow', () => {
    const defaults = loadConfig({});
    expect(durationMs(api.stop_grace_period!)).toBeGreaterThan(supervisorShutdownMs(defaults));
  });

  it('pass the shutdown settings through to the API', () => {
    expect(Object.keys(api.environment ?? {})).toEqual(
      expect.arrayContaining(['SHUTDOWN_TIMEOUT_MS', 'SHUTDOWN_DELAY_MS']),
    );
  });

  describe("the API's health check command", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ INDEXER: 'external' });
    });
    afterAll(() => server.stop());

    // Two node processes and a second's wait: beyond jest's 5 s on a busy machine.
    it('succeeds when the API is ready and fails when it is not', async () => {
      const port = Number(new URL(server.running.url).port);
      expect(await runCheck(api.healthcheck!.test!, port)).toBe(0);
      server.running.context.store.ping = async () => {
        throw new Error('down');
      };
      // The readiness answer is kept for a second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await runCheck(api.healthcheck!.test!, port)).toBe(1);
    }, 30_000);
  });
});
