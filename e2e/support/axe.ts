import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core in the page. The app's CSP forbids injected scripts, so pages to check are opened with
// bypassCSP (see E2eApp.open).

const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/** Where the run's axe-core script is served (set by the e2e project's globalSetup). */
export const AXE_SCRIPT_URL = 'E2E_AXE_SCRIPT_URL';

/**
 * Serves axe-core's script on the loopback for a run of the browser tests, so that a page loads it
 * as any script. Given as the script's text (addScriptTag's path), its 550 kB went through the
 * DevTools connection for every document checked: 0.8-2.1 s a load against 0.6-1.0 s from a URL
 * (load 12, BENCHMARKS.md, CI time).
 */
export async function startAxeScriptServer(): Promise<http.Server> {
  const script = fs.readFileSync(AXE_SCRIPT);
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'max-age=3600',
    });
    response.end(script);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env[AXE_SCRIPT_URL] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`;
  return server;
}

async function loadAxe(page: Page): Promise<void> {
  const url = process.env[AXE_SCRIPT_URL];
  if (url) {
    try {
      await page.addScriptTag({ url });
      return;
    } catch (error) {
      // The run's script server unreachable (it should not be): the text, as before.
      console.warn(`axe-core not loaded from ${url} (${String(error)}): sending its text instead`);
    }
  }
  await page.addScriptTag({ path: AXE_SCRIPT });
}

/** Violations with impact serious or critical, each printed with its nodes when there are any. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  // Once per document: a check after an in-app navigation finds axe still loaded. Loading its
  // 550 kB again took as long as the run itself (BENCHMARKS.md, CI time).
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await loadAxe(page);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  );
  if (results.passes.length === 0) throw new Error(`axe checked nothing on ${page.url()}`);
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (serious.length > 0) {
    const report = serious.map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes
          .map((node) => `  ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join('\n')}`,
    );
    console.log(`axe on ${page.url()}:\n${report.join('\n')}`);
  }
  return serious;
}
