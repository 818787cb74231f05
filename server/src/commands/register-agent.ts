import type { PublicAgent } from '@agentry/domain/agent';
import { type AgentRegistrationInput, validateAgentRegistration } from '@agentry/domain/agent-rules';
import { DuplicateAgentError, type User } from '@agentry/platform/store/port';
import { issueToken } from '../auth/one-time-tokens';
import { badRequest, conflict } from '../http/errors';
import { claimAgentMessage } from '../mail/messages';
import { assertMayAddAgent, assertMayAddForAnother } from '../policies/subscription';
import { presentAgent } from '../presenters/agent';
import { countListedAgents } from './count-listed-agents';
import { deliver, publicLink, type Services } from './services';

// Registration of an agent from the public form (spec sections 4 and 5; rules in docs/accounts.md):
// the first agent of an e-mail is free, more need an active subscription, and the agent passes to
// the account of its e-mail only once someone proved they read that address.

export interface RegisterAgentResult {
  agent: PublicAgent;
  /** The e-mail belongs to an account: the client goes to sign-in. */
  is_existing_subscriber: boolean;
  /** The agent is already the signed-in account's. */
  owned: boolean;
  message: string;
}

export const REGISTRATION_MESSAGES = {
  listedCreateAccount: 'Your agent is listed. Create your account to manage it.',
  listedOwned: 'Your agent is listed and added to your account.',
  listedSignIn: (email: string) =>
    `Your agent is listed. We sent a link to ${email} to add it to your account. Sign in to manage your agents.`,
  listedNoEmail: 'Your agent is listed.',
  listedConfirmEmail: (email: string) =>
    `Your agent is listed. Open the link we sent to ${email} to confirm your address: the agent then joins your dashboard.`,
  listedEmployerAccount:
    'Your agent is listed. This e-mail belongs to an employer account; agents are managed from a provider account.',
} as const;

export async function registerAgent(
  services: Services,
  props: { input: AgentRegistrationInput; signedIn: User | null },
): Promise<RegisterAgentResult> {
  const { store } = services;
  const checked = validateAgentRegistration({
    ...props.input,
    // A signed-in provider who leaves the e-mail empty registers under their own.
    email: props.input.email?.trim() ? props.input.email : (props.signedIn?.email ?? ''),
  });
  if (!checked.ok) {
    const first = Object.values(checked.errors)[0] ?? 'Failed to register agent';
    throw badRequest(first, { errors: checked.errors });
  }
  const { email, ...fields } = checked.value;
  const account = email ? await store.users.findByEmail(email) : null;
  const ownedNow = Boolean(
    account &&
      props.signedIn?.id === account.id &&
      account.email_verified_at &&
      account.user_type === 'agent_provider',
  );
  if (email) {
    const counts = await countListedAgents(store, email, account);
    if (ownedNow) assertMayAddAgent(account, counts.listed);
    else assertMayAddForAnother(account, counts);
  }
  let agent: Awaited<ReturnType<typeof store.agents.create>>;
  try {
    agent = await store.agents.create({ ...fields, email, owner_id: ownedNow ? account!.id : null });
  } catch (error) {
    if (error instanceof DuplicateAgentError) throw conflict(error.message);
    throw error;
  }

  // Only a provider account can hold agents; an employer's address gets no claim link.
  if (account?.user_type === 'agent_provider' && !ownedNow && email) {
    // Opening this link proves the address and gives every agent waiting under it to the account.
    const token = await issueToken(store, {
      purpose: 'verify_email',
      userId: account.id,
      now: services.now(),
    });
    await deliver(
      services,
      claimAgentMessage({
        to: account.email,
        agentName: agent.name,
        link: publicLink(services, `/verify-email?token=${token}`),
      }),
    );
  }

  return {
    agent: presentAgent(agent),
    is_existing_subscriber: account !== null,
    owned: ownedNow,
    message: !email
      ? REGISTRATION_MESSAGES.listedNoEmail
      : !account
        ? REGISTRATION_MESSAGES.listedCreateAccount
        : ownedNow
          ? REGISTRATION_MESSAGES.listedOwned
          : account.user_type !== 'agent_provider'
            ? REGISTRATION_MESSAGES.listedEmployerAccount
            : props.signedIn?.id === account.id
              ? REGISTRATION_MESSAGES.listedConfirmEmail(account.email)
              : REGISTRATION_MESSAGES.listedSignIn(account.email),
  };
}
