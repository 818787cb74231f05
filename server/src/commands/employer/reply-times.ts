import { REPLY_TIME_SAMPLE, type ReplyTimeSummary, replyTimeSummary } from '@agentry/domain/reply-time';
import type { Store } from '@agentry/platform/store/port';
import type { Query } from '../command';

// How quickly a provider answers (issue 28, item 5), from the replies in the store: the newest
// REPLY_TIME_SAMPLE requests to the provider, one per employer (domain/reply-time.ts). One indexed
// read of a bounded number of rows.

export const replyTimeOf: Query<
  { store: Pick<Store, 'contacts'>; now: () => number },
  { providerId: string },
  ReplyTimeSummary
> = async ({ store, now }, { providerId }) => {
  return replyTimeSummary(await store.contacts.timings(providerId, REPLY_TIME_SAMPLE), now());
};

/** How long an agent page's "usually replies within a day" is kept before it is computed again. */
export const REPLY_BADGE_TTL_MS = 10 * 60 * 1000;
/** Providers whose badge is kept at once; the oldest entry goes first beyond this. */
export const REPLY_BADGE_CACHE_MAX = 5_000;

/**
 * "Usually replies within a day" for an agent page, per provider. Every public agent page asks it,
 * so it is kept for REPLY_BADGE_TTL_MS rather than read (up to 200 rows) on each visit: a badge
 * that appears or goes a few minutes late is harmless, a read per page view at the catalog's
 * traffic is not. Bounded in size; the clock is injected (services.now).
 */
export class ReplyBadges {
  private readonly kept = new Map<string, { value: boolean; until: number }>();

  constructor(
    private readonly store: Pick<Store, 'contacts'>,
    private readonly now: () => number,
  ) {}

  async of(providerId: string | null | undefined): Promise<boolean> {
    if (!providerId) return false;
    const now = this.now();
    const kept = this.kept.get(providerId);
    if (kept && kept.until > now) return kept.value;
    const value = (await replyTimeOf({ store: this.store, now: () => now }, { providerId }))
      .usually_within_day;
    this.kept.delete(providerId);
    if (this.kept.size >= REPLY_BADGE_CACHE_MAX) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(providerId, { value, until: now + REPLY_BADGE_TTL_MS });
    return value;
  }
}
