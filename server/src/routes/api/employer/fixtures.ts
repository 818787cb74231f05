import type { Agent } from '@agentry/domain/agent';
import { lastMail, tokenIn } from '../../../testing/mailbox';
import type { TestServer } from '../../../testing/test-server';
import { accountForm, Visitor } from '../../../testing/visitor';

// The people of the employer tools' tests, made through the real API on the server's real store:
// employers (active or lapsed), providers and their agents, and agents nobody owns.

/** Enough writes a minute for a test that goes through every endpoint as several people. */
export const EMPLOYER_TEST_ENV = { RATE_LIMIT_WRITES_PER_MINUTE: '1000' };

export interface Person {
  browser: Visitor;
  userId: string;
  email: string;
}

export function employerFixtures(server: () => TestServer) {
  const store = () => server().running.context.store;

  async function account(
    email: string,
    userType: 'employer' | 'agent_provider',
    overrides: Record<string, string> = {},
  ): Promise<Person> {
    const browser = new Visitor(server().running.url);
    const created = await browser
      .post('/api/users', accountForm({ email, user_type: userType, ...overrides }))
      .expect(201);
    return { browser, userId: created.body.user_id as string, email };
  }

  /** An employer account; `active` sets its subscription as a paid checkout would. */
  async function employer(
    email: string,
    options: { active: boolean; profile?: Record<string, string> } = { active: true },
  ): Promise<Person> {
    const person = await account(email, 'employer', {
      full_name: 'Grace Hopper',
      organization: 'Acme Hiring',
      phone: '+1 555 0100',
      ...options.profile,
    });
    if (options.active) await store().users.update(person.userId, { subscription_status: 'active' });
    // Confirmed, as through the link sent at sign-up (contact requests need it; a test unsets it).
    await store().users.update(person.userId, { email_verified_at: new Date().toISOString() });
    return person;
  }

  /** A provider account (no subscription unless asked). */
  async function provider(email: string, options: { subscribed?: boolean } = {}): Promise<Person> {
    const person = await account(email, 'agent_provider', {
      full_name: 'Ada Lovelace',
      organization: 'Northwind Labs',
    });
    if (options.subscribed) await store().users.update(person.userId, { subscription_status: 'active' });
    return person;
  }

  /** A listed agent, owned by `ownerId` or by nobody. */
  async function agent(name: string, options: { ownerId?: string; removed?: boolean } = {}): Promise<Agent> {
    const created = await store().agents.create({
      name,
      provider: 'Northwind Labs',
      category: 'Customer Service',
      role: 'Customer Support Agent',
      description: `${name} answers customer emails in Spanish and English.`,
      cost: '$29/month',
      address: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`,
      email: null,
      owner_id: options.ownerId ?? null,
    });
    if (!options.removed) return created;
    return (await store().agents.update(created.id, { removed: true }))!;
  }

  /** A colleague `owner` invited by e-mail who accepted with the link that mail carries (no plan of their own). */
  async function teamMember(owner: Person, email: string): Promise<Person> {
    await owner.browser.post('/api/employer/team/invitations', { email }).expect(201);
    const token = tokenIn(await lastMail(server().dataDir, email, 'team_invitation'), '/join-team');
    const person = await employer(email, { active: false });
    await person.browser.post('/api/team-invitations/accept', { token }).expect(200);
    return person;
  }

  return { store, employer, provider, agent, teamMember };
}
