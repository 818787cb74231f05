import { useSyncExternalStore } from 'react';

// Whether staff are signed in to the admin area, for the header (issue 25: it said "Sign In" to
// signed-in staff). The admin session belongs to the admin feature, which the shared header may
// not import; the feature reports it here. Kept for the tab (sessionStorage), so the header still
// knows on the public pages staff open from the admin area; the server decides every admin call.

const KEY = 'agentry.staff';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The signed-in staff member's username, or null. */
export function staffUsername(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

/** Called by the admin area whenever its session is known to start or end. */
export function reportStaffSession(username: string | null): void {
  if (username === staffUsername()) return;
  const store = storage();
  if (username) store?.setItem(KEY, username);
  else store?.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function useStaffUsername(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    staffUsername,
    () => null,
  );
}
