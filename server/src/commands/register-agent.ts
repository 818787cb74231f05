import type { Agent } from '@agentry/domain/agent';
import { type AgentRegistrationInput, validateAgentRegistration } from '@agentry/domain/agent-rules';
import type { RegistrationAnswer } from '@agentry/domain/contract/registration';
import { normalizeEmail } from '@agentry/domain/email';
import { type AgentCreate, DuplicateAgentError, type User } from '@agentry/platform/store/port';
import { issueToken } from '../auth/one-time-tokens';
import { badRequest, conflict, tooManyRequests } from '../http/errors';
import { type ClaimAddress, claimAgentMessage } from '../mail/messages';
import { assertMayAddAgent, assertMayAddForAnother } from '../policies/subscription';
import { presentAgent } from '../presenters/agent';
import type { Action } from './command';
import { countListedAgents } from './count-listed-agents';
import { duplicateAnswer } from './report-listing';
import { sendEmailVerification } from './send-email-verification';
import { deliver, publicLink, type Services } from './services';

// Registration of an agent from the public form (spec sections 4 and 5; rules in docs/accounts.md,
// ownership). Nothing is listed on an unproven claim:
// - the signed-in provider whose confirmed address it is: the agent is theirs and listed at once;
// - anyone else, under an address: the agent is held (not listed) and the address gets one e-mail
//   with a link that names this agent. Opened in the provider account of that address, it lists
//   the agent there; ignored, the agent is deleted after CLAIM_HOLD_DAYS. The answer is the same
//   whatever the address has (no account, a provider's, an employer's): the e-mail says the rest;
// - without an address (the spec keeps it optional): RATE_LIMIT_ADDRESS_LESS_PER_DAY (one) a day
//   per client, held until staff approve it.

/** What the registration answers (the contract's RegistrationAnswer) but its `success`. */
export type RegisterAgentResult = Omit<RegistrationAnswer, 'success'>;

export const REGISTRATION_MESSAGES = {
  listedOwned: 'Your agent is listed and added to your account.',
  registered: (email: string) =>
    `Your agent is registered. We sent a message to ${email} with the next step: the agent is listed once the link in it is opened, within 7 days.`,
  confirmEmail: (email: string) =>
    `Your agent is registered. Open the link we sent to ${email} to confirm your address: the agent is then listed and joins your dashboard.`,
  heldForReview:
    'Your agent is registered. Without an e-mail address it is listed once our staff have reviewed it.',
} as const;

export const EMPLOYER_ACCOUNT_MESSAGE =
  'Agents are managed from a provider account, and this e-mail belongs to your employer account. Register the agent with the address of a provider account.';

export const ADDRESS_LESS_LIMIT_MESSAGE =
  'You can register one agent without an e-mail address a day. Add your e-mail address to register another now, or try again tomorrow.';

export const registerAgent: Action<
  Services,
  { input: AgentRegistrationInput; signedIn: User | null; client: string },
  RegisterAgentResult
> = async (services, props) => {
  const checked = validateAgentRegistration({
    ...props.input,
    // A signed-in account that leaves the e-mail empty registers under its own.
    email: props.input.email?.trim() ? props.input.email : (props.signedIn?.email ?? ''),
  });
  if (!checked.ok) {
    const first = Object.values(checked.errors)[0] ?? 'Failed to register agent';
    throw badRequest(first, { errors: checked.errors });
  }
  const { email, ...fields } = checked.value;
  if (!email) return registerWithoutAddress(services, { fields, client: props.client });

  const { store } = services;
  const account = await store.users.findByEmail(email);
  // Only the signed-in holder of the address's account is told anything about that account.
  const ownAccount = account !== null && props.signedIn?.id === account.id;
  if (ownAccount && account.user_type !== 'agent_provider') throw conflict(EMPLOYER_ACCOUNT_MESSAGE);
  const counts = await countListedAgents(services, { email, account });
  if (ownAccount) assertMayAddAgent(account, counts);
  else assertMayAddForAnother(counts);

  const ownedNow = ownAccount && Boolean(account.email_verified_at);
  const agent = await createAgent(services, {
    ...fields,
    email,
    ...(ownedNow ? { owner_id: account!.id } : { held_for: 'claim' }),
  });
  if (ownedNow) return answer(agent, { own: true, owned: true, message: REGISTRATION_MESSAGES.listedOwned });
  if (ownAccount) {
    // The account's holder, signed in, whose address is not confirmed yet: its verification link
    // names this agent (and the dashboard counts it as waiting for the address).
    await sendEmailVerification(services, { user: account, ownAgentIds: [agent.id] });
    return answer(agent, { own: true, owned: false, message: REGISTRATION_MESSAGES.confirmEmail(email) });
  }
  await sendClaimLink(services, { agent, email, account });
  return answer(agent, { own: false, owned: false, message: REGISTRATION_MESSAGES.registered(email) });
};

async function registerWithoutAddress(
  services: Services,
  props: { fields: Omit<AgentCreate, 'email'>; client: string },
): Promise<RegisterAgentResult> {
  // Counted once the form is valid, so a typo does not spend the day's registration.
  const { remaining, resetSeconds } = await services.addressLessLimiter.hit(props.client);
  if (remaining < 0) {
    throw tooManyRequests(ADDRESS_LESS_LIMIT_MESSAGE, resetSeconds);
  }
  let agent: Agent;
  try {
    agent = await createAgent(services, { ...props.fields, email: null, held_for: 'review' });
  } catch (error) {
    services.addressLessLimiter.refund(props.client);
    throw error;
  }
  services.logger.info({ agentId: agent.id }, 'agent registered without an address: held for review');
  return answer(agent, { own: false, owned: false, message: REGISTRATION_MESSAGES.heldForReview });
}

async function createAgent(services: Services, input: AgentCreate): Promise<Agent> {
  try {
    return await services.store.agents.create(input);
  } catch (error) {
    if (error instanceof DuplicateAgentError) throw await duplicateAnswer(services, { error });
    throw error;
  }
}

function answer(
  agent: Agent,
  { own, owned, message }: { own: boolean; owned: boolean; message: string },
): RegisterAgentResult {
  return { agent: presentAgent(agent), is_existing_subscriber: own, owned, listed: !agent.removed, message };
}

async function sendClaimLink(
  services: Services,
  { agent, email, account }: { agent: Agent; email: string; account: User | null },
): Promise<void> {
  const address: ClaimAddress = !account
    ? 'no-account'
    : account.user_type === 'agent_provider'
      ? 'provider'
      : 'employer';
  // An employer's address gets no link: no account of it can hold the agent.
  const token =
    address === 'employer'
      ? null
      : await issueToken(services.store, {
          purpose: 'claim_agent',
          userId: account?.id ?? '',
          data: normalizeEmail(email),
          agentIds: [agent.id],
          now: services.now(),
        });
  await deliver(
    services,
    claimAgentMessage({
      to: email,
      agentName: agent.name,
      link: token === null ? null : publicLink(services, `/verify-email?token=${token}`),
      address,
    }),
  );
}
