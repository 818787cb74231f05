import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SPREADSHEET_COLUMNS } from '@agentry/domain/spreadsheet-cells';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import * as XLSX from 'xlsx';

const { apiNodeArgs } = require('../../../bin/process-args.cjs') as {
  apiNodeArgs: () => string[];
};

// An upload is all of its rows or none, even when the server dies in the middle of writing it:
// the API runs as its own process, is killed (SIGKILL, no shutdown) while the upload's transaction
// is being written, and the store is then read directly.

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const ADMIN = { username: 'crash-admin', password: 'crash admin password' };
// Rows enough for the transaction to spill well past 256 kB into the WAL (about 2 MB), few enough
// to parse within the upload's 30 s budget at load 20: 10,000 rows were refused (HTTP 400, the
// parse timed out) in all three tries of a mid-session CI at that load.
const ROWS = 5_000;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function workbook(): Buffer {
  const sheet = [[...SPREADSHEET_COLUMNS]];
  for (let i = 0; i < ROWS; i++) {
    sheet.push([
      `Crash Agent ${i}`,
      'Crash Labs',
      'Sales',
      'Sales Development Rep',
      `Crash Agent ${i} books meetings from replies to cold email. ${'Long description. '.repeat(20)}`,
      '$10/month',
      `https://crash-${i}.example`,
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Agents');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

async function waitForHealth(base: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the API exited before it was ready');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the API did not start');
}

describe('an upload when the server is killed while writing it', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-crash-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /**
   * One try: start the API, send the upload, SIGKILL it once the WAL grows, then read the store.
   * `caught` says whether the kill landed while the upload's transaction was being written; on a
   * very busy machine the parse can outlast the wait, or the whole write can land between two looks.
   */
  async function killDuringUpload(
    spreadsheet: Buffer,
  ): Promise<{ caught: boolean; count: number; answer: string }> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The compiled API, as `npm start` and the image run it (built first when stale).
    const api = spawn(process.execPath, apiNodeArgs(), {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        WEB_CONCURRENCY: '1',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => api.once('exit', resolve));
    let killedWhileWriting = false;
    let answer = 'none before the kill';
    try {
      await waitForHealth(base, api);
      let cookie = '';
      const call = async (pathname: string, init: RequestInit = {}) => {
        const response = await fetch(`${base}${pathname}`, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), cookie },
        });
        const set = response.headers.getSetCookie();
        if (set.length > 0) cookie = set.map((line) => line.split(';')[0]).join('; ');
        return response;
      };
      const token = async () =>
        ((await (await call('/api/admin/csrf-token')).json()) as { csrf_token: string }).csrf_token;
      const login = await call('/api/admin/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': await token() },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);

      const wal = path.join(dataDir, 'agentry.db-wal');
      const walSize = () => (fs.existsSync(wal) ? fs.statSync(wal).size : 0);
      const before = walSize();
      const form = new FormData();
      form.append('file', new Blob([spreadsheet]), 'crash.xlsx');
      const sent = call('/api/admin/upload', {
        method: 'POST',
        body: form,
        headers: { 'X-CSRF-Token': await token() },
      }).then(
        (response) => {
          answer = `HTTP ${response.status}`;
          return response;
        },
        () => null,
      );
      // The transaction spills pages into the WAL as it writes: kill as soon as it grows. Stop
      // looking once the upload has answered (written or refused: nothing left to catch).
      let answered = false;
      void sent.then(() => {
        answered = true;
      });
      const deadline = Date.now() + 120_000;
      while (
        walSize() <= before + 256 * 1024 &&
        !answered &&
        Date.now() < deadline &&
        api.exitCode === null
      ) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Killed while the WAL grew: the upload's transaction was being written.
      killedWhileWriting = walSize() > before + 256 * 1024 && !answered;
      api.kill('SIGKILL');
      await exited;
      await sent;
    } finally {
      if (api.exitCode === null && api.signalCode === null) api.kill('SIGKILL');
    }

    const store = openSqliteStore(path.join(dataDir, 'agentry.db'));
    try {
      return {
        caught: killedWhileWriting,
        count: await store.agents.count({ includeRemoved: true }),
        answer,
      };
    } finally {
      await store.close();
    }
  }

  it('leaves all of its rows or none, never a part', async () => {
    // The spreadsheet is built before the API starts: built between two requests, it took long
    // enough on a busy CI machine (seconds) for the server to close the idle keep-alive connection
    // (keepAliveTimeout 5 s) just as fetch reused it ("other side closed").
    const spreadsheet = workbook();
    // Each try's store holds all rows or none; up to three tries, each in a fresh data directory,
    // so that a try whose kill missed the write (load 22 in CI once) does not leave the case unproved.
    const tries: Array<{ caught: boolean; count: number; answer: string }> = [];
    while (tries.length < 3 && !tries.some((one) => one.caught)) {
      if (tries.length > 0) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-crash-'));
      }
      const one = await killDuringUpload(spreadsheet);
      expect([0, ROWS]).toContain(one.count);
      tries.push(one);
    }
    // Printed whole when it fails: each try's upload answer says why its kill missed the write.
    expect(tries).toContainEqual(expect.objectContaining({ caught: true }));
  }, 400_000);
});
