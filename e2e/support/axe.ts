import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core in the page. The app's CSP forbids injected scripts, so pages to check are opened with
// bypassCSP (see E2eApp.open).

const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/** Violations with impact serious or critical, each printed with its nodes when there are any. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  // Once per document: a check after an in-app navigation finds axe still loaded. Loading its
  // 550 kB again took as long as the run itself (BENCHMARKS.md, CI time).
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_SCRIPT });
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
