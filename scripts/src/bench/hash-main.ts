import { fork } from 'node:child_process';
import os from 'node:os';
import { hashPassword, verifyPassword } from '@agentry/server/auth/passwords';
import { scryptHash, scryptVerify } from '@agentry/server/auth/scrypt-hash';

// `npm run bench:hash [-- --runs 20]`: what one password hash costs, scrypt (N=2^17, r=8, p=1, the
// scheme before issue 21) against Argon2id (m = 19 MiB, t = 2, p = 1, now): wall time of a hash and
// of a verification, one at a time on an idle event loop (median and worst of --runs, after one
// warm-up), and the memory one hash takes: the peak RSS of a fresh child process that does one hash,
// less its peak before it. The machine's load average goes beside the figures (a shared machine
// makes times longer, never shorter).

type Scheme = 'scrypt' | 'argon2id';
const PASSWORD = 'correct horse battery staple';

const SCHEMES: Record<Scheme, { hash: () => Promise<string>; verify: (stored: string) => Promise<boolean> }> =
  {
    scrypt: { hash: () => scryptHash(PASSWORD), verify: (stored) => scryptVerify(PASSWORD, stored) },
    // Through the product's own functions (one at a time anyway, so the hashing gate adds nothing).
    argon2id: { hash: () => hashPassword(PASSWORD), verify: (stored) => verifyPassword(PASSWORD, stored) },
  };

const log = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(1)} ms, worst ${sorted.at(-1)!.toFixed(1)} ms`;
};

/** In a child: the peak RSS one hash adds, in MB. */
async function memoryOfOneHash(scheme: Scheme): Promise<number> {
  const child = fork(__filename, ['--child', scheme], { execArgv: process.execArgv, stdio: 'pipe' });
  return new Promise((resolve, reject) => {
    child.on('message', (message) => resolve(Number(message)));
    child.on('error', reject);
    child.on('exit', (code) => code !== 0 && reject(new Error(`child for ${scheme} exited with ${code}`)));
  });
}

async function child(scheme: Scheme) {
  // Everything loaded and a first allocation made before the baseline is read.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const before = process.resourceUsage().maxRSS;
  await SCHEMES[scheme].hash();
  const after = process.resourceUsage().maxRSS;
  process.send!(((after - before) / 1024).toFixed(1));
}

async function main(argv: string[]) {
  const at = argv.indexOf('--runs');
  const runs = at >= 0 ? Number(argv[at + 1]) : 20;
  log(
    `Password hashing, ${runs} runs each, one at a time (${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version})`,
  );
  log(`load average before: ${loadAverage()}`);
  for (const scheme of Object.keys(SCHEMES) as Scheme[]) {
    const { hash: make, verify: check } = SCHEMES[scheme];
    const stored = await make();
    const hashes: number[] = [];
    const verifies: number[] = [];
    for (let run = 0; run < runs; run++) {
      hashes.push(await timed(make));
      verifies.push(await timed(() => check(stored)));
    }
    const memory = await memoryOfOneHash(scheme);
    log(
      `  ${scheme.padEnd(9)} hash ${summary(hashes)}; verify ${summary(verifies)}; memory of one hash +${memory} MB RSS`,
    );
  }
  log(`load average after: ${loadAverage()}`);
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) {
  child(process.argv[childAt + 1] as Scheme).then(
    () => process.exit(0),
    () => process.exit(1),
  );
} else {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
