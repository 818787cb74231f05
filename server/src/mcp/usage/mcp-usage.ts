import type { McpUsageWeek } from '@agentry/domain/contract/admin';
import { lastIsoWeeks } from '@agentry/domain/iso-weeks';
import type { Store } from '@agentry/platform/store/port';
import { MCP_TOOL_NAMES } from '../tools/all-tools';
import type { ToolUsageCounter } from './tool-usage-counter';

// What GET /api/admin/mcp-usage answers: calls per tool for each of the last weeks, newest first,
// every tool in every week (zero when not called), the stored counts plus this process's unwritten
// ones (other API workers' arrive with their next flush, within FLUSH_EVERY_MS).

export const MCP_USAGE_WEEKS = 12;

export type { McpUsageWeek } from '@agentry/domain/contract/admin';

export async function mcpUsage(props: {
  store: Pick<Store, 'toolUsage'>;
  counter: ToolUsageCounter | undefined;
  now: Date;
}): Promise<McpUsageWeek[]> {
  const weeks = lastIsoWeeks(props.now, MCP_USAGE_WEEKS);
  const since = weeks[weeks.length - 1]!;
  const byWeek = new Map(
    weeks.map((week) => [week, Object.fromEntries(MCP_TOOL_NAMES.map((tool) => [tool, 0]))]),
  );
  const rows = [...(await props.store.toolUsage.since(since)), ...(props.counter?.pendingSince(since) ?? [])];
  for (const { week, tool, calls } of rows) {
    const counts = byWeek.get(week);
    // A tool no longer served keeps its history in the store but leaves the answer.
    if (counts && tool in counts) counts[tool] = (counts[tool] ?? 0) + calls;
  }
  return weeks.map((week) => ({ week, calls: byWeek.get(week)! }));
}
