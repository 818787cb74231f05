import type { McpUsageAnswer, McpUsageWeek } from '@agentry/domain/contract/admin';
import { apiRequest } from '../../../lib/api/api-client';

export type { McpUsageWeek };

/** GET /api/admin/mcp-usage: MCP tool calls per tool per week, the last 12 weeks, newest first. */
export async function getMcpUsage(signal?: AbortSignal): Promise<McpUsageWeek[]> {
  const body = await apiRequest<McpUsageAnswer>('/api/admin/mcp-usage', { signal });
  return body.weeks;
}
