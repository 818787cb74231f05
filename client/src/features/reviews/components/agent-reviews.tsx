import { RATING_SHOWN_FROM } from '@agentry/domain/reviews';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { RatingBadge } from '../../../components/trust/trust-badges';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAsync } from '../../../hooks/use-async';
import { useAuth } from '../../../lib/auth/auth-provider';
import { getReviewAccess, getReviews, type Review } from '../api/reviews';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';

// Reviews from people who hired (issue 26), on an agent's page: the average once the agent has
// RATING_SHOWN_FROM reviews, the newest reviews with the provider's answers, the form for an
// employer who may review, and why not for anyone else signed in.

export function AgentReviews({ agentId }: { agentId: string }) {
  const { state: auth } = useAuth();
  const [version, setVersion] = useState(0);
  const [shown, setShown] = useState<Review[] | null>(null);
  const page = useAsync(`${agentId}:${version}`, (signal) => getReviews(agentId, 0, signal));
  const viewer = auth.status === 'signed-in' ? auth.user.id : 'visitor';
  const access = useAsync(`${agentId}:${viewer}:${version}`, (signal) => getReviewAccess(agentId, signal));
  const reload = useCallback(() => {
    setShown(null);
    setVersion((count) => count + 1);
  }, []);

  const reviews = shown ?? (page.status === 'success' ? page.data.reviews : []);
  const replace = (review: Review) => setShown(reviews.map((old) => (old.id === review.id ? review : old)));
  const mine = access.status === 'success' ? access.data : null;

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews from employers who hired it</h2>
      {page.status === 'loading' ? <PageLoading label="Loading reviews..." /> : null}
      {page.status === 'error' ? <p>The reviews could not be loaded.</p> : null}
      {page.status === 'success' ? (
        <p className="reviews__summary">
          {page.data.rating_average !== null ? (
            <RatingBadge average={page.data.rating_average} count={page.data.rating_count} />
          ) : page.data.rating_count === 0 ? (
            'No reviews yet.'
          ) : (
            `${page.data.rating_count} ${page.data.rating_count === 1 ? 'review' : 'reviews'} so far: the average shows from ${RATING_SHOWN_FROM}.`
          )}{' '}
          <Link to="/ranking-policy#reviews">How reviews work</Link>
        </p>
      ) : null}
      {reviews.length > 0 ? (
        <ul className="review-list">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} canAnswer={mine?.is_owner === true} onAnswered={replace} />
            </li>
          ))}
        </ul>
      ) : null}
      {mine?.can_review ? <ReviewForm agentId={agentId} review={mine.review} onSaved={reload} /> : null}
      {mine && !mine.can_review && !mine.is_owner && auth.status === 'signed-in' && mine.reason ? (
        <p className="reviews__summary">{mine.reason}</p>
      ) : null}
    </section>
  );
}
