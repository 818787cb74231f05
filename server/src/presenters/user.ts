import type { User } from '@agentry/platform/store/port';

/** What a signed-in user learns about their own account. */
export function presentUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    organization: user.organization,
    phone: user.phone,
    user_type: user.user_type,
    subscription_status: user.subscription_status,
    created_at: user.created_at,
  };
}
