import type { Store } from '@agentry/platform/store/port';

// Where the current pass over the catalog stands, kept in the store so a restart goes on where it was.

/** Where the current pass stands, kept in the store's key-value settings. */
export interface PassState {
  started_at: string;
  /** Every agent up to this id (in the catalog's id order) is checked in this pass; null before any. */
  after: string | null;
  done_at: string | null;
}

export const PASS_KEY = 'link_check:pass';

/** The pass under way; a new one when the last is done and due again (or there was none). */
export async function passState(store: Pick<Store, 'kv'>, now: Date, intervalMs: number): Promise<PassState> {
  const saved = await store.kv.get(PASS_KEY);
  const pass = saved ? (JSON.parse(saved) as PassState) : null;
  if (pass && (!pass.done_at || now.getTime() - Date.parse(pass.started_at) < intervalMs)) return pass;
  const fresh: PassState = { started_at: now.toISOString(), after: null, done_at: null };
  await savePass(store, fresh);
  return fresh;
}

export function savePass(store: Pick<Store, 'kv'>, pass: PassState): Promise<void> {
  return store.kv.set(PASS_KEY, JSON.stringify(pass));
}
