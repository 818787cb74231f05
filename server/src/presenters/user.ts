import type { User as PresentedUser } from '@agentry/domain/contract/accounts';
import type { User } from '@agentry/platform/store/port';

/** What a signed-in user learns about their own account: an explicit list, so no hash or payment id leaks. */
export function presentUser(user: User): PresentedUser {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    organization: user.organization,
    phone: user.phone,
    user_type: user.user_type,
    subscription_status: user.subscription_status,
    email_verified: user.email_verified_at !== null,
    slug: user.slug,
    website: user.website,
    created_at: user.created_at,
  };
}
