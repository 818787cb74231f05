import { EMAIL_FORMAT } from '@agentry/domain/agent-rules';

// What /account-setup receives (spec section 2): the e-mail in the navigation state (from the
// registration form) or in ?email=, and state mode 'upgrade'.

export interface SetupParams {
  /**
   * The e-mail the agent was just registered with, handed over by the registration form in the
   * navigation state (which a reload keeps): shown read-only. Null: the person types one.
   */
  givenEmail: string | null;
  /**
   * An e-mail from ?email= only: filled in but editable. A link can carry any address, and an
   * address that cannot be changed would let a crafted link have someone open (and pay for) an
   * account under a mailbox that is not theirs.
   */
  prefillEmail: string;
  upgrade: boolean;
  /** What the registration form was told about the agent just registered (held until confirmed). */
  registrationMessage: string | null;
}

const wellFormed = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && EMAIL_FORMAT.test(value.trim()) ? value.trim() : null;

export function readSetupParams(state: unknown, search: URLSearchParams): SetupParams {
  const fromState =
    typeof state === 'object' && state !== null
      ? (state as Record<string, unknown>)
      : ({} as Record<string, unknown>);
  // A malformed address (a hand-edited state) stays editable: read-only, it could never be fixed.
  const givenEmail = wellFormed(fromState.email);
  return {
    givenEmail,
    prefillEmail: givenEmail ?? (search.get('email') ?? '').trim(),
    upgrade: fromState.mode === 'upgrade',
    registrationMessage:
      typeof fromState.message === 'string' && fromState.message.trim() ? fromState.message.trim() : null,
  };
}
