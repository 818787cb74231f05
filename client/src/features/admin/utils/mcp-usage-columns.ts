import { MCP_TOOLS } from '@agentry/domain/mcp';
import type { McpUsageWeek } from '../api/get-mcp-usage';

/**
 * The table's tool columns: every tool the server offers, in its order, then any other name the
 * counts hold (a tool since renamed or removed still shows its calls).
 */
export function usageTools(weeks: readonly McpUsageWeek[]): string[] {
  const known = MCP_TOOLS.map((tool) => tool.name);
  const others = new Set<string>();
  for (const { calls } of weeks)
    for (const name of Object.keys(calls)) if (!known.includes(name)) others.add(name);
  return [...known, ...[...others].sort()];
}

export const weekTotal = (week: McpUsageWeek) =>
  Object.values(week.calls).reduce((sum, count) => sum + count, 0);
