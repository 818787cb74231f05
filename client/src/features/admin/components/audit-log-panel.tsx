import { type FormEvent, useRef, useState } from 'react';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAsync } from '../../../hooks/use-async';
import { errorText } from '../../../lib/api/api-client';
import { formatCount } from '../../../lib/format-count';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_PAGE_SIZE,
  type AuditFilters,
  getAuditLog,
} from '../api/get-audit-log';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import { actionLabel } from '../utils/audit-changes';
import { AuditTable } from './audit-table';

// Who changed what: the audit log as a table, filtered by entity type, action and actor, a page
// of 50 at a time. It reads again after each change made on this screen (`generation`).

const NO_FILTERS: AuditFilters = { entityType: '', action: '', actor: '' };

export function AuditLogPanel({ generation }: { generation: number }) {
  const { run } = useAdminSession();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const log = useAsync(JSON.stringify([applied, offset, generation]), (signal) =>
    run(() => getAuditLog(applied, offset, signal)),
  );
  // The pager stays while the next page loads, so the button just pressed keeps the focus.
  const totalRef = useRef(0);
  if (log.status === 'success') totalRef.current = log.data.total;
  const total = totalRef.current;

  function apply(event: FormEvent) {
    event.preventDefault();
    setApplied(draft);
    setOffset(0);
  }

  const hasPrevious = offset > 0;
  const hasNext = offset + AUDIT_PAGE_SIZE < total;
  const last = Math.min(offset + AUDIT_PAGE_SIZE, total);

  return (
    <section className="dashboard-panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <form className="admin-filters" aria-label="Filter the audit log" onSubmit={apply}>
        <div className="field">
          <label htmlFor="audit-entity-type">Entity type</label>
          <select
            id="audit-entity-type"
            value={draft.entityType}
            onChange={(event) =>
              setDraft((old) => ({ ...old, entityType: event.target.value as AuditFilters['entityType'] }))
            }
          >
            <option value="">All</option>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <select
            id="audit-action"
            value={draft.action}
            onChange={(event) =>
              setDraft((old) => ({ ...old, action: event.target.value as AuditFilters['action'] }))
            }
          >
            <option value="">All</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </select>
        </div>
        <div className="field form-field">
          <label htmlFor="audit-actor">Actor</label>
          <input
            id="audit-actor"
            type="text"
            value={draft.actor}
            autoComplete="off"
            onChange={(event) => setDraft((old) => ({ ...old, actor: event.target.value }))}
          />
        </div>
        <button className="button button--secondary" type="submit">
          Apply filters
        </button>
      </form>

      {log.status === 'loading' ? <PageLoading label="Loading the audit log..." /> : null}
      {log.status === 'error' ? (
        <p className="notice notice--error" role="alert">
          {errorText(log.error, ADMIN_MESSAGES.fetchAuditFailed)}
        </p>
      ) : null}
      {log.status === 'success' && log.data.entries.length === 0 ? <p>No entries match.</p> : null}
      {log.status === 'success' && log.data.entries.length > 0 ? (
        <AuditTable entries={log.data.entries} />
      ) : null}

      {total > AUDIT_PAGE_SIZE ? (
        <nav className="admin-pager" aria-label="Audit log pages">
          <button
            className="button button--secondary button--small"
            type="button"
            aria-disabled={!hasPrevious || undefined}
            onClick={() => hasPrevious && setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}
          >
            Previous
          </button>
          <span>
            Entries {formatCount(offset + 1)}–{formatCount(last)} of {formatCount(total)}
          </span>
          <button
            className="button button--secondary button--small"
            type="button"
            aria-disabled={!hasNext || undefined}
            onClick={() => hasNext && setOffset(offset + AUDIT_PAGE_SIZE)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
