import { REPORT_REASON_MAX, REVIEW_REPLY_MAX } from '@agentry/domain/reviews';
import { longDate } from '@agentry/domain/site-check';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { LimitedTextArea } from '../../../components/form/limited-text-area';
import { errorText } from '../../../lib/api/api-client';
import { answerReview, type Review, reportReview } from '../api/reviews';

// One review as anyone reads it, with the provider's answer; the provider answers it once from
// here, and anyone reports it to staff.

export function ReviewItem({
  review,
  canAnswer,
  onAnswered,
}: {
  review: Review;
  canAnswer: boolean;
  onAnswered: (review: Review) => void;
}) {
  const [open, setOpen] = useState<'reply' | 'report' | null>(null);
  const edited = review.updated_at !== review.created_at;
  return (
    <article className="review" aria-label={`Review by ${review.organization}`}>
      <p className="review__meta">
        <span className="review__stars" role="img" aria-label={`${review.rating} out of 5`}>
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>{' '}
        · {review.organization} · {longDate(review.created_at)}
        {edited ? ` (edited ${longDate(review.updated_at)})` : ''}
      </p>
      <p className="review__body">{review.body}</p>
      {review.reply ? (
        <div className="review__reply">
          <strong>The provider answered</strong> ({longDate(review.reply.at)}):
          <br />
          {review.reply.body}
        </div>
      ) : null}
      <div className="review__actions">
        {canAnswer && !review.reply ? (
          <button
            className="button button--secondary button--small"
            type="button"
            onClick={() => setOpen('reply')}
          >
            Answer publicly
          </button>
        ) : null}
        <button className="link-button" type="button" onClick={() => setOpen('report')}>
          Report this review
        </button>
      </div>
      {open === 'reply' ? (
        <TextAction
          id={`reply-${review.id}`}
          label="Your public answer (given once)"
          max={REVIEW_REPLY_MAX}
          submitLabel="Publish answer"
          failure="Failed to publish your answer. Please try again."
          onCancel={() => setOpen(null)}
          act={async (text) => {
            onAnswered(await answerReview(review.id, text));
            setOpen(null);
            return null;
          }}
        />
      ) : null}
      {open === 'report' ? (
        <TextAction
          id={`report-${review.id}`}
          label="What is wrong with this review?"
          max={REPORT_REASON_MAX}
          submitLabel="Send report"
          failure="Failed to send your report. Please try again."
          onCancel={() => setOpen(null)}
          act={(text) => reportReview(review.id, text)}
        />
      ) : null}
    </article>
  );
}

/** A small form of one text: answer or report. `act` answers a message to show, or null. */
function TextAction({
  id,
  label,
  max,
  submitLabel,
  failure,
  act,
  onCancel,
}: {
  id: string;
  label: string;
  max: number;
  submitLabel: string;
  failure: string;
  act: (text: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setResult({ kind: 'error', text: 'Write something first.' });
      return;
    }
    setBusy(true);
    try {
      const message = await act(text.trim());
      if (message) setResult({ kind: 'success', text: message });
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error, failure) });
    } finally {
      setBusy(false);
    }
  }

  if (result?.kind === 'success') return <FormAlert kind="success">{result.text}</FormAlert>;
  return (
    <form className="review__form" onSubmit={submit} noValidate>
      <LimitedTextArea id={id} label={label} value={text} onChange={setText} max={max} required rows={3} />
      {result ? <FormAlert kind="error">{result.text}</FormAlert> : null}
      <div className="review__actions">
        <button className="button button--primary button--small" type="submit" disabled={busy}>
          {busy ? 'Sending...' : submitLabel}
        </button>
        <button className="button button--secondary button--small" type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
