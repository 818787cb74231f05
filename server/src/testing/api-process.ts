import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { followOutput, type LogLine } from './child-output';

// The API as its own process, compiled (dist/api.js) and with the arguments `npm start` and the
// image give it, on a fresh DATA_DIR, for tests of what only a whole process shows: signals, exit
// codes, the files left behind. jest compiles dist/ first when it is older than the sources (the
// server project's globalSetup; `npm test` builds before jest runs), so what is tested is both
// what production runs and the code of the checkout.

const REPO_ROOT = path.resolve(__dirname, '../../..');
const { apiNodeArgs } = require('../../bin/process-args.cjs') as {
  apiNodeArgs: (env?: NodeJS.ProcessEnv) => string[];
};

export type { LogLine } from './child-output';

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  base: string;
  dataDir: string;
  /** Every JSON line the process has logged so far. */
  logs(): LogLine[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills what is left and removes DATA_DIR. */
  cleanUp(): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the API (one process unless env says WEB_CONCURRENCY) and resolves once it is ready. */
export async function startApiProcess(env: Record<string, string> = {}): Promise<ApiProcess> {
  // First, so that a failed build leaves nothing behind: the heap cap may come from env.
  const nodeArgs = apiNodeArgs({ ...process.env, ...env });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-process-'));
  const processEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WEB_CONCURRENCY: '1',
    ...env,
  };
  const child = spawn(process.execPath, nodeArgs, {
    cwd: REPO_ROOT,
    env: processEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { logs, exited } = followOutput(child);
  const api: ApiProcess = {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    logs,
    exited,
    cleanUp() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitForReady(api, Number(env.WEB_CONCURRENCY ?? '1') > 1);
  } catch (error) {
    api.cleanUp();
    throw error;
  }
  return api;
}

/**
 * /readyz answers 200 and, with several workers, the supervisor has seen every one start. The limit
 * only ends a hang: at load 22-30 (a clean-clone CI beside other work) a start took over 30 s.
 */
async function waitForReady(api: ApiProcess, cluster: boolean, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null)
      throw new Error(`the API exited with ${api.child.exitCode} before it was ready`);
    try {
      const allStarted = !cluster || api.logs().some((line) => line.msg === 'API workers ready');
      if (allStarted && (await fetch(`${api.base}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the API was not ready in time');
}

export interface HeldAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HeldRequest {
  /** Sends the rest of the body; resolves with the answer. */
  finish(): Promise<HeldAnswer>;
  /** The answer, whenever it comes (rejects when the connection is cut first). */
  answer: Promise<HeldAnswer>;
}

/**
 * A POST whose headers and first half of the body are sent now and the rest only on finish(): the
 * server holds it in flight (its body parser waits) for as long as the test likes.
 */
export async function holdRequest(port: number, pathname: string, json: unknown): Promise<HeldRequest> {
  const body = Buffer.from(JSON.stringify(json));
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: pathname,
    // Keep-alive asked for: the server decides whether the connection stays open after the answer.
    agent: new http.Agent({ keepAlive: true }),
    headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
  });
  const answer = new Promise<HeldAnswer>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: text }),
      );
    });
    request.on('error', reject);
  });
  // Handled here too, so a cut the test does not await is no unhandled rejection.
  answer.catch(() => {});
  await new Promise<void>((resolve) => request.write(body.subarray(0, half), () => resolve()));
  return {
    answer,
    finish() {
      request.end(body.subarray(half));
      return answer;
    },
  };
}

/** Whether a new TCP connection to the port is refused. */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
