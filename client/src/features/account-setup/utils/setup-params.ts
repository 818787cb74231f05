import { EMAIL_FORMAT } from '@agentry/domain/agent-rules';

// What /account-setup receives (spec section 2): the e-mail in the navigation state (from the
// registration form) or in ?email= (which survives a reload), and state mode 'upgrade'.

export interface SetupParams {
  /** The e-mail the agent was registered with; the form shows it read-only. Null: the person types one. */
  givenEmail: string | null;
  upgrade: boolean;
}

export function readSetupParams(state: unknown, search: URLSearchParams): SetupParams {
  const fromState =
    typeof state === 'object' && state !== null
      ? (state as Record<string, unknown>)
      : ({} as Record<string, unknown>);
  const candidate = typeof fromState.email === 'string' ? fromState.email : (search.get('email') ?? '');
  const email = candidate.trim();
  return {
    // A malformed address (a hand-edited link) stays editable: read-only, it could never be fixed.
    givenEmail: email !== '' && EMAIL_FORMAT.test(email) ? email : null,
    upgrade: fromState.mode === 'upgrade',
  };
}
