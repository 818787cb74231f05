import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';

// A disk that fills up under the store, for the store-disk-full fault test. Where this process may
// mount a tmpfs (root on Linux), DATA_DIR is a real 16 MB file system and a filler file takes
// its last byte: SQLite meets ENOSPC as on any full disk. Elsewhere (CI without root), SQLite's
// own ceiling stands in: PRAGMA max_page_count at the file's current size makes every write that
// needs a new page fail with SQLITE_FULL, the same error. Either way some writes still fit (free
// room in pages or in the write-ahead log) and later ones fail: that is what a filling disk does.

export interface FullDisk {
  readonly kind: 'tmpfs' | 'max_page_count';
  /** Takes the last free space. */
  fill(db: Database.Database): void;
  /** Gives space back. */
  free(db: Database.Database): void;
  release(): void;
}

const TMPFS_SIZE = '16m';
const NO_PAGE_LIMIT = 1_073_741_823;

/** Makes `dir` a small tmpfs when it can (FULL_DISK=page-ceiling forces the stand-in); `dir` must exist and be empty. */
export function prepareFullDisk(dir: string): FullDisk {
  if (process.env.FULL_DISK === 'page-ceiling') return pageCeiling();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return pageCeiling();
  }
  const filler = path.join(dir, 'filler.bin');
  return {
    kind: 'tmpfs',
    fill() {
      const fd = fs.openSync(filler, 'w');
      try {
        for (let chunk = 1 << 20; chunk >= 512; ) {
          try {
            fs.writeSync(fd, Buffer.alloc(chunk));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
            chunk >>= 1;
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    release() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    },
  };
}

function pageCeiling(): FullDisk {
  return {
    kind: 'max_page_count',
    fill(db) {
      db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
    },
    free(db) {
      db.pragma(`max_page_count = ${NO_PAGE_LIMIT}`);
    },
    release() {},
  };
}
