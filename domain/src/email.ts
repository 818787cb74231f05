// How accounts, agents, limits and throttles key an e-mail address: one spelling per mailbox
// name, so "Ann@Example.com " and "ann@example.com" find the same account, share one hourly mail
// allowance and one sign-in delay. Applied where an address enters (validation, the store's
// lookups and writes), so nothing downstream has to do it again.

/** The address trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** An optional address as an agent keeps it: normalised, or null when none was given. */
export function normalizeOptionalEmail(email: string | null | undefined): string | null {
  const normalized = normalizeEmail(email ?? '');
  return normalized === '' ? null : normalized;
}

/** A staff username, keyed the same way: the store's unique rule and sign-in ignore case. */
export const normalizeUsername = (username: string): string => username.trim().toLowerCase();
