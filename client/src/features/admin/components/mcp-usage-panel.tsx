import { PageLoading } from '../../../components/ui/page-loading';
import { useAsync } from '../../../hooks/use-async';
import { errorText } from '../../../lib/api/api-client';
import { getMcpUsage } from '../api/get-mcp-usage';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import { weekTotal } from '../utils/mcp-usage-columns';
import { McpUsageTable } from './mcp-usage-table';

// How much AI assistants use the MCP server: calls per tool per week, the last 12 weeks. The
// counts name no caller (like the other analytics), so there is nothing here about who called.

export function McpUsagePanel() {
  const { run } = useAdminSession();
  const usage = useAsync('mcp-usage', (signal) => run(() => getMcpUsage(signal)));

  return (
    <section className="dashboard-panel" aria-labelledby="mcp-usage-title">
      <h2 id="mcp-usage-title">For AI assistants (MCP)</h2>
      <p>Calls to each tool of the MCP server, per week (weeks start on Monday, UTC).</p>
      {usage.status === 'loading' ? <PageLoading label="Loading MCP usage..." /> : null}
      {usage.status === 'error' ? (
        <p className="notice notice--error" role="alert">
          {errorText(usage.error, ADMIN_MESSAGES.fetchMcpUsageFailed)}
        </p>
      ) : null}
      {usage.status === 'success' && !usage.data.some((week) => weekTotal(week) > 0) ? (
        <p>No calls yet.</p>
      ) : null}
      {usage.status === 'success' && usage.data.some((week) => weekTotal(week) > 0) ? (
        <McpUsageTable weeks={usage.data} />
      ) : null}
    </section>
  );
}
