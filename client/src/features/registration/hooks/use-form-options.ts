import { useAsync } from '../../../hooks/use-async';
import { getCategories } from '../../../lib/api/get-categories';
import { getCsrfToken } from '../../../lib/auth/auth-api';
import { withoutOther } from '../utils/without-other';

// What the form needs before anyone types: the categories, and a CSRF token. The token itself is
// fetched again when sending (sendWithCsrf); asking for one now tells the person at once, rather
// than after filling in every field, that the form could not be sent.

export function useFormOptions(): { categories: string[]; loading: boolean; failed: boolean } {
  const state = useAsync('registration-form', async (signal) => {
    const [categories] = await Promise.all([getCategories(signal), getCsrfToken()]);
    return withoutOther(categories);
  });
  return {
    categories: state.status === 'success' ? state.data : [],
    loading: state.status === 'loading' || state.status === 'idle',
    failed: state.status === 'error',
  };
}
