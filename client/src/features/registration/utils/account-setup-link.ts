/**
 * Where a new provider creates an account: the e-mail goes in the navigation state (spec section 2)
 * and in ?email= as well, so reloading the page keeps it; the registration's message goes along in
 * the state, for the page to say what became of the agent.
 */
export function accountSetupLink(
  email: string,
  message?: string,
): { to: string; state: { email?: string; message?: string } | undefined } {
  const trimmed = email.trim();
  const said = message ? { message } : {};
  if (trimmed === '') return { to: '/account-setup', state: message ? said : undefined };
  return {
    to: `/account-setup?${new URLSearchParams({ email: trimmed })}`,
    state: { email: trimmed, ...said },
  };
}
