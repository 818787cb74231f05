import fs from 'node:fs';
import os from 'node:os';

// Background work on a worker thread (an index rebuild, a snapshot build: seconds of CPU at
// 100,000 agents) shares two cores with the threads that answer requests. At the same priority a
// request waits for a core as long as the build holds one (issue 24: searches answered from the
// store while the index was rebuilt took 160-200 ms at their slowest, median 53 ms). Linux gives
// each thread its own nice value: the building thread lowers its own, so a request's thread gets
// the core first and the build takes what is left (all of an idle core). Elsewhere nothing changes.

/**
 * The nice value of a background build: a waking request thread preempts it at once, and under
 * full contention it still gets about a tenth of a core (weight 110 against 1,024; at 19, 15: a
 * 100,000-agent snapshot build took 128 s while other work held both cores, load 15-20).
 */
export const BACKGROUND_NICE = 10;

/** This thread's kernel id (Linux: /proc/thread-self is <pid>/task/<tid>); null where there is none. */
export function kernelThreadId(): number | null {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's priority, never the process's other threads' (call it first thing
 * in a worker thread's entry). The thread id it lowered, or null when it could not (not Linux).
 */
export function runInBackground(nice = BACKGROUND_NICE): number | null {
  const tid = kernelThreadId();
  if (tid === null || tid === process.pid) return null;
  try {
    os.setPriority(tid, Math.max(os.getPriority(tid), nice));
    return tid;
  } catch {
    return null;
  }
}
