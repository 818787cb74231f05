import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  reviewProblem,
} from '@agentry/domain/reviews';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { LimitedTextArea } from '../../../components/form/limited-text-area';
import { errorText } from '../../../lib/api/api-client';
import { type Review, writeReview } from '../api/reviews';

// An employer's review of an agent: a rating from 1 to 5 and plain text, checked with the same
// rules as the server's (domain/reviews.ts). The organization's review, when it wrote one, is
// filled in and changed in place.

const SAVE_FAILED = 'Failed to save your review. Please try again.';
const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

export function ReviewForm({
  agentId,
  review,
  onSaved,
}: {
  agentId: string;
  review: Review | null;
  onSaved: (review: Review) => void;
}) {
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [body, setBody] = useState(review?.body ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = reviewProblem({ rating, body });
    setProblem(found);
    setSaved(false);
    if (found) return;
    setSaving(true);
    try {
      onSaved(await writeReview(agentId, { rating: rating!, body: body.trim() }));
      setSaved(true);
    } catch (error) {
      setProblem(errorText(error, SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="review-form" onSubmit={submit} noValidate aria-labelledby="review-form-title">
      <h3 id="review-form-title">{review ? 'Your organization’s review' : 'Review this agent'}</h3>
      <fieldset className="rating-field">
        <legend>Rating</legend>
        <div className="rating-field__options">
          {RATINGS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
              />
              {value} {value === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
      </fieldset>
      <LimitedTextArea
        id="review-body"
        label="Your review"
        hint={`How the agent served your organization, in ${REVIEW_BODY_MIN} to ${REVIEW_BODY_MAX} characters. Shown with your organization's name.`}
        value={body}
        onChange={setBody}
        max={REVIEW_BODY_MAX}
        required
      />
      {problem ? <FormAlert kind="error">{problem}</FormAlert> : null}
      {saved ? <FormAlert kind="success">Your review is saved.</FormAlert> : null}
      <button className="button button--primary" type="submit" disabled={saving}>
        {saving ? 'Saving...' : review ? 'Save changes' : 'Publish review'}
      </button>
    </form>
  );
}
