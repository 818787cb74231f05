import { useCallback, useEffect, useState } from 'react';
import { type ApiKey, createApiKey, getApiKeys, revokeApiKey } from '../api/api-keys';

// The employer's API keys on the dashboard: loaded once, then kept in step with each change from
// the server's answer. The key itself is held only until the employer closes the notice showing it.

export type ApiKeysState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; keys: ApiKey[] };

export function useApiKeys() {
  const [state, setState] = useState<ApiKeysState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getApiKeys(controller.signal).then(
      (keys) => {
        if (!controller.signal.aborted) setState({ status: 'ready', keys });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const update = useCallback((change: (keys: ApiKey[]) => ApiKey[]) => {
    setState((old) => (old.status === 'ready' ? { status: 'ready', keys: change(old.keys) } : old));
  }, []);

  return {
    state,
    reload: useCallback(() => setAttempt((count) => count + 1), []),
    create: useCallback(
      async (name: string) => {
        const made = await createApiKey(name);
        update((keys) => [made.apiKey, ...keys]);
        return made;
      },
      [update],
    ),
    revoke: useCallback(
      async (id: string) => {
        await revokeApiKey(id);
        update((keys) => keys.filter((key) => key.id !== id));
      },
      [update],
    ),
  };
}
