import { OTHER_OPTION } from '@agentry/domain/agent-rules';
import { useAsync } from '../../../hooks/use-async';
import { getRoles } from '../../../lib/api/get-roles';
import { withoutOther } from '../utils/without-other';

/**
 * The roles of the chosen category, reloaded whenever the category changes (spec section 5). No
 * category, or a new one ('other'), has no roles to load.
 */
export function useCategoryRoles(category: string): { roles: string[]; loading: boolean; failed: boolean } {
  const key = category !== '' && category !== OTHER_OPTION ? category : null;
  const state = useAsync(key, (signal) => getRoles(category, signal));
  return {
    roles: state.status === 'success' ? withoutOther(state.data) : [],
    loading: state.status === 'loading',
    failed: state.status === 'error',
  };
}
