/**
 * Where a new provider creates an account: the e-mail goes in the navigation state (spec section 2)
 * and in ?email= as well, so reloading the page keeps it.
 */
export function accountSetupLink(email: string): { to: string; state: { email: string } | undefined } {
  const trimmed = email.trim();
  if (trimmed === '') return { to: '/account-setup', state: undefined };
  return { to: `/account-setup?${new URLSearchParams({ email: trimmed })}`, state: { email: trimmed } };
}
