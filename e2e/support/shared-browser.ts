import type { Server } from 'node:http';
import { launchChromiumServer } from '@agentry/scripts/browser/chromium';
import type { BrowserServer } from 'playwright-core';
import { AXE_SCRIPT_URL, startAxeScriptServer } from './axe';

// One Chromium for a whole jest run of the browser tests (the e2e project's globalSetup and
// globalTeardown): each test file connects to it (e2e-app.ts) instead of launching its own, which
// cost 1.7-3.8 s to launch and 0.5-2.6 s to close per file on the busy machine (BENCHMARKS.md, CI
// time). Files stay apart as before: each page gets a fresh context (no cookies, no storage, no
// cache), and a file's disconnect closes every context it made. Files run one at a time (the e2e
// lane has one jest worker), so two never share the browser at once.

export const BROWSER_ENDPOINT = 'E2E_BROWSER_WS_ENDPOINT';

const holder = globalThis as { e2eBrowserServer?: BrowserServer; e2eAxeScriptServer?: Server };

/** The run's Chromium, and the server of axe-core's script for the pages checked (axe.ts). */
export async function startSharedBrowser(): Promise<void> {
  const server = await launchChromiumServer();
  holder.e2eBrowserServer = server;
  process.env[BROWSER_ENDPOINT] = server.wsEndpoint();
  holder.e2eAxeScriptServer = await startAxeScriptServer();
}

export async function stopSharedBrowser(): Promise<void> {
  await holder.e2eBrowserServer?.close();
  delete process.env[BROWSER_ENDPOINT];
  const axeServer = holder.e2eAxeScriptServer;
  if (axeServer) {
    axeServer.closeAllConnections();
    await new Promise((resolve) => axeServer.close(resolve));
  }
  delete process.env[AXE_SCRIPT_URL];
}
