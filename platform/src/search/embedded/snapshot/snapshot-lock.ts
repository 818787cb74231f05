import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

// One snapshot build at a time per DATA_DIR: every API worker, the indexer's rebuild and the CLIs
// may each find the snapshot missing or old at the same moment, and a build of 100,000 agents is
// seconds of a core. The lock is a file created exclusively, naming its holder's process; a lock
// whose process is gone, or older than STALE_MS, is taken over (its holder died mid-build).

const STALE_MS = 10 * 60 * 1000;

interface Holder {
  pid: number;
  /** Tells apart holders in one process (an API worker and its rebuild thread). */
  token: string;
  at: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): Holder | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return null;
  }
}

export class SnapshotLock {
  private readonly token = randomUUID();

  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes the lock if nobody holds it; true when taken. */
  tryTake(): boolean {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.writeFileSync(this.file, JSON.stringify({ pid: process.pid, token: this.token, at: this.now() }), {
          flag: 'wx',
        });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (this.held()) return false;
      // A dead holder's lock: removed, then taken at the next attempt (unless another was quicker).
      fs.rmSync(this.file, { force: true });
    }
    return false;
  }

  /** Whether a live process holds the lock (a stale lock counts as not held). */
  held(): boolean {
    const holder = holderOf(this.file);
    if (!holder) return fs.existsSync(this.file) && this.recent();
    return alive(holder.pid) && this.now() - holder.at < STALE_MS;
  }

  /** A lock file whose content is not written yet (its holder is between create and write). */
  private recent(): boolean {
    try {
      return this.now() - fs.statSync(this.file).mtimeMs < 5_000;
    } catch {
      return false;
    }
  }

  release(): void {
    const holder = holderOf(this.file);
    if (holder?.token === this.token) fs.rmSync(this.file, { force: true });
  }
}
