import type {
  ProviderDuplicateGroup,
  ProviderDuplicatesAnswer,
  ProviderMergeAnswer,
} from '@agentry/domain/contract/admin';
import { apiRequest } from '../../../lib/api/api-client';
import { adminSend } from './admin-send';

// Provider spellings (issue 25, docs/admin.md): the groups of spellings that likely name one
// provider, and the merge of some of them into one.

export type { ProviderDuplicateGroup, ProviderDuplicatesAnswer, ProviderMergeAnswer };

/** GET /api/admin/providers/duplicates: at most 50 groups, the most agents first. */
export function getProviderDuplicates(signal?: AbortSignal): Promise<ProviderDuplicatesAnswer> {
  return apiRequest<ProviderDuplicatesAnswer>('/api/admin/providers/duplicates', { signal });
}

/** POST /api/admin/providers/merge: the agents of `from` get `into` as their provider. */
export function mergeProviders(
  csrfToken: string,
  from: string[],
  into: string,
): Promise<ProviderMergeAnswer> {
  return adminSend<ProviderMergeAnswer>(csrfToken, '/api/admin/providers/merge', {
    method: 'POST',
    body: { from, into },
  });
}
