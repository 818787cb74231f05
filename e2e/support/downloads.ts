import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Download } from 'playwright-core';

/**
 * A download's bytes. The browser tests share one Chromium over a connection (shared-browser.ts),
 * where Download.path() is not available ("Path is not available when connecting remotely"):
 * saveAs() copies the file to this machine, into a directory removed afterwards.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-download-'));
  try {
    const file = path.join(dir, 'download');
    await download.saveAs(file);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
