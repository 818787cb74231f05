import type { AuditEntry } from '../api/get-audit-log';
import { actionLabel, changedFields, recordedFields } from '../utils/audit-changes';

// One page of the audit log. An update lists the fields it changed, before → after.

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">Audit log entries</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">What</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.at}>{formatTime(entry.at)}</time>
              </td>
              <td>{entry.actor}</td>
              <td>{actionLabel(entry.action)}</td>
              <td>
                <span className="admin-table__type">{entry.entity_type}</span> {entry.entity_label}
              </td>
              <td>
                <AuditChanges entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditChanges({ entry }: { entry: AuditEntry }) {
  if (entry.before && entry.after) {
    const changes = changedFields(entry);
    if (changes.length === 0) return <span className="form-field__hint">No field changed</span>;
    return (
      <ul className="audit-changes">
        {changes.map((change) => (
          <li key={change.field}>
            <span className="audit-changes__field">{change.field}</span>: {change.before}{' '}
            <span aria-hidden="true">→</span>
            <span className="visually-hidden"> changed to</span> {change.after}
          </li>
        ))}
      </ul>
    );
  }
  const recorded = recordedFields(entry.after);
  if (recorded.length === 0) return null;
  return (
    <ul className="audit-changes">
      {recorded.map(([field, value]) => (
        <li key={field}>
          <span className="audit-changes__field">{field}</span>: {value}
        </li>
      ))}
    </ul>
  );
}
