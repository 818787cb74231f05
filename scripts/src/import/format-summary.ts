import type { ImportResult } from '@agentry/platform/import/import-agents';

export const LISTED_SKIPS = 50;

/** The summary line, then the first skipped rows as "row 12 (Name): reason" so each can be found and fixed. */
export function formatSummary(result: ImportResult, limit = LISTED_SKIPS): string {
  const noun = result.added === 1 ? 'agent' : 'agents';
  const lines = [`Added ${result.added} ${noun}, skipped ${result.skipped.length}.`];
  for (const skipped of result.skipped.slice(0, limit)) {
    const name = skipped.name === '' ? '' : ` (${skipped.name})`;
    lines.push(`row ${skipped.row}${name}: ${skipped.reason}`);
  }
  const rest = result.skipped.length - limit;
  if (rest > 0) lines.push(`… and ${rest} more`);
  return `${lines.join('\n')}\n`;
}
