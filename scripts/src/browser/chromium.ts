import fs from 'node:fs';
import { type Browser, type BrowserServer, chromium } from 'playwright-core';

// Debian's Chromium driven by playwright-core (never `npx playwright install`: no browser download
// works here). The flags keep it from reaching for the network on its own.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function checkInstalled(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH`,
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  checkInstalled();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, timeout: 30_000 });
}

/** The same Chromium, for clients to connect to (chromium.connect(server.wsEndpoint())). */
export async function launchChromiumServer(): Promise<BrowserServer> {
  checkInstalled();
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: ARGS, timeout: 30_000 });
}
