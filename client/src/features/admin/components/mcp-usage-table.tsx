import { formatCount } from '../../../lib/format-count';
import type { McpUsageWeek } from '../api/get-mcp-usage';
import { isoWeekLabel } from '../utils/iso-week';
import { usageTools, weekTotal } from '../utils/mcp-usage-columns';

/** Calls per tool (columns) per week (rows, newest first), with each week's total. */
export function McpUsageTable({ weeks }: { weeks: McpUsageWeek[] }) {
  const tools = usageTools(weeks);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--numbers">
        <caption className="visually-hidden">MCP tool calls per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {tools.map((tool) => (
              <th scope="col" key={tool}>
                <code>{tool}</code>
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">
                <span title={week.week}>{isoWeekLabel(week.week)}</span>
              </th>
              {tools.map((tool) => (
                <td key={tool}>{formatCount(week.calls[tool] ?? 0)}</td>
              ))}
              <td>{formatCount(weekTotal(week))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
