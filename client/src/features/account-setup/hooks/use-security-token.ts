import { useAsync } from '../../../hooks/use-async';
import { getCsrfToken } from '../../../lib/auth/auth-api';

/**
 * Asks for a CSRF token on arrival (spec section 8: 'Failed to load security token'). Each call
 * fetches its own token again (sendWithCsrf); this one tells the person early, before they type a
 * password, that the account could not be created. True when it failed.
 */
export function useSecurityTokenFailed(): boolean {
  return useAsync('account-setup-token', () => getCsrfToken()).status === 'error';
}
