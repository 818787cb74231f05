import { useEffect, useId, useRef } from 'react';
import { formatCount } from '../../../lib/format-count';
import type { ReindexJob } from '../api/reindex';
import { useReindexJob } from '../hooks/use-reindex-job';

// Rebuilds the search index from the store: a button, a progress bar while the job runs (polled
// every second), and how the last run ended. Only the start and the end are announced, not every
// tick of the bar.

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function outcome(job: ReindexJob): string {
  if (job.state === 'running') return `Reindexing started by ${job.started_by}.`;
  const when = job.finished_at ? formatTime(job.finished_at) : formatTime(job.started_at);
  if (job.state === 'failed') return `The last reindex failed (${when}): ${job.error ?? 'no reason given'}.`;
  return `The last reindex finished ${when}: ${formatCount(job.documents ?? 0)} documents indexed (started by ${job.started_by}).`;
}

/** `onFinished`: called once when a job this screen followed ends (the audit log has a new entry). */
export function ReindexPanel({ onFinished }: { onFinished?: () => void } = {}) {
  const { job, starting, message, running, start } = useReindexJob();
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) onFinished?.();
    wasRunning.current = running;
  }, [running, onFinished]);
  const progressId = useId();
  const unavailable = starting || running || job === undefined;

  return (
    <section className="dashboard-panel" aria-labelledby="reindex-title">
      <h2 id="reindex-title">Search index</h2>
      <p>Rebuilds the search index from every listed agent. Search keeps answering meanwhile.</p>
      <div className="form-actions">
        <button
          className="button button--primary"
          type="button"
          // aria-disabled, not disabled: the button keeps the keyboard's focus while the job runs.
          aria-disabled={unavailable || undefined}
          onClick={() => {
            if (!unavailable) void start();
          }}
        >
          {running ? 'Reindexing...' : starting ? 'Starting...' : 'Reindex'}
        </button>
      </div>
      {running && job ? (
        <div className="admin-progress">
          <label htmlFor={progressId}>
            {job.total > 0 ? `${formatCount(job.done)} of ${formatCount(job.total)} agents` : 'Preparing...'}
          </label>
          <progress
            id={progressId}
            max={job.total || undefined}
            value={job.total > 0 ? job.done : undefined}
          />
        </div>
      ) : null}
      <p role="status" className="admin-reindex__outcome">
        {job ? outcome(job) : job === null ? 'No reindex has run yet.' : ''}
      </p>
      {message ? (
        <p className="notice notice--error" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}
