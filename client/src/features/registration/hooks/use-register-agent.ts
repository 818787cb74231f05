import type { FieldErrors } from '@agentry/domain/agent-rules';
import { normalizeEmail } from '@agentry/domain/email';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorText, fieldErrors } from '../../../lib/api/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { registerAgent, type UnclaimedListing } from '../api/register-agent';
import { accountSetupLink } from '../utils/account-setup-link';
import type { RegistrationValues } from '../utils/registration-values';

// Sends the form and takes the registration flow's next step (spec section 4, docs/accounts.md):
// the signed-in account's own registration goes to its dashboard; any other goes on to account
// setup (the server says the same to everyone, so that nobody learns who has an account); a used
// free listing stays here with the server's message and the Create Account & Subscribe prompt; a
// name already registered by nobody offers its maker a report to staff.

export interface RegistrationFailure {
  message: string;
  /** The free listing of this e-mail is used: offer an account with the provider plan. */
  requiresSubscription: boolean;
  /** Already registered and owned by nobody: its maker can report it ("this is my product"). */
  unclaimedAgentId: string | null;
}

const FALLBACK = 'Failed to register agent';

function failureOf(error: unknown): RegistrationFailure {
  if (error instanceof ApiError && error.status === 409 && error.body?.requires_subscription === true) {
    const { message } = error.body;
    return {
      message: typeof message === 'string' && message ? message : errorText(error, FALLBACK),
      requiresSubscription: true,
      unclaimedAgentId: null,
    };
  }
  const unclaimed =
    error instanceof ApiError ? (error.body?.unclaimed_listing as UnclaimedListing | undefined) : undefined;
  return {
    message: errorText(error, FALLBACK),
    requiresSubscription: false,
    unclaimedAgentId:
      unclaimed && typeof unclaimed.agent_id === 'string' && unclaimed.ways?.includes('report')
        ? unclaimed.agent_id
        : null,
  };
}

export function useRegisterAgent() {
  const navigate = useNavigate();
  const { state: auth } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<RegistrationFailure | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  /** Counts answers that carried field errors, so the form can move focus to the first one. */
  const [serverErrorCount, setServerErrorCount] = useState(0);

  async function submit(values: RegistrationValues) {
    setSubmitting(true);
    setFailure(null);
    setServerErrors({});
    try {
      const answer = await registerAgent(values);
      const email = values.email.trim();
      const ownAccount =
        auth.status === 'signed-in' && auth.user.email === (normalizeEmail(email) || auth.user.email);
      if (answer.owned || ownAccount) {
        // Registered by the signed-in account itself: to its dashboard, with the server's word on
        // whether the agent is there yet (it waits for a confirmed address).
        navigate('/dashboard', { state: { message: answer.message } });
      } else if (answer.is_existing_subscriber) {
        navigate('/signin', { state: { message: answer.message, email } });
      } else {
        // The spec's next step, with the server's word on the agent (held until its address is
        // confirmed, or until staff review one registered without an address).
        const { to, state } = accountSetupLink(email, answer.message);
        navigate(to, { state });
      }
    } catch (error) {
      const errors = fieldErrors(error);
      setServerErrors(errors);
      if (Object.keys(errors).length > 0) setServerErrorCount((count) => count + 1);
      setFailure(failureOf(error));
      setSubmitting(false);
    }
  }

  return { submit, submitting, failure, serverErrors, serverErrorCount };
}
