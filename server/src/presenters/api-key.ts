import type { ApiKey as PresentedApiKey } from '@agentry/domain/contract/employer';
import type { ApiKey } from '@agentry/platform/store/port';

/** An employer's API key as they see it: never the key (shown once, at creation) nor its hash. */
export function presentApiKey(key: ApiKey): PresentedApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created_at: key.created_at,
    last_used_at: key.last_used_at,
  };
}
