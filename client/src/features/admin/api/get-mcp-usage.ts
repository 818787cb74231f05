import { apiRequest } from '../../../lib/api/api-client';

export interface McpUsageWeek {
  /** ISO week, "2026-W47". */
  week: string;
  /** Calls per tool name; a tool not called that week may be left out. */
  calls: Record<string, number>;
}

/** GET /api/admin/mcp-usage: MCP tool calls per tool per week, the last 12 weeks, newest first. */
export async function getMcpUsage(signal?: AbortSignal): Promise<McpUsageWeek[]> {
  const body = await apiRequest<{ success: boolean; weeks: McpUsageWeek[] }>('/api/admin/mcp-usage', {
    signal,
  });
  return body.weeks;
}
