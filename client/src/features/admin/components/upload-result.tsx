import { formatCount } from '../../../lib/format-count';
import type { SkippedRow, UploadReport } from '../api/upload-agents';

// What an upload did: how many agents were added and skipped (announced), and each skipped row
// with its row number, name and reason (a table to read at will). A file of 10,000 rows can skip
// thousands: the table shows the first ones and says how many more there are.

const SHOWN_ROWS = 200;

export function uploadSummary(fileName: string, report: UploadReport): string {
  return `${fileName}: added ${formatCount(report.added)}, skipped ${formatCount(report.skipped)}.`;
}

export function SkippedRows({ rows }: { rows: SkippedRow[] }) {
  if (rows.length === 0) return null;
  const shown = rows.slice(0, SHOWN_ROWS);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>Skipped rows</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Name</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((skipped) => (
            <tr key={skipped.row}>
              <td>{skipped.row}</td>
              <td>{skipped.name || '(no name)'}</td>
              <td>{skipped.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length ? (
        <p className="form-field__hint">And {formatCount(rows.length - shown.length)} more skipped rows.</p>
      ) : null}
    </div>
  );
}
