import type http from 'node:http';
import type { AgentField } from '@agentry/domain/agent';
import { findLink, readOutbox } from '@agentry/platform/mail/outbox-reader';
import type { Catalog } from './traffic-mix';
import { type Answer, addressOf, isSuccess, VirtualUser } from './virtual-user';

// The signed-in people of the whole-product load, made before the measured window through the
// real API, each from their own address, as a person does it: the account form, the link mailed
// to them (read from the outbox, as the browser tests do), the built-in test-mode checkout (which
// never charges), then a provider's first agent, an employer's shortlist and first contact request.

export const BENCH_PASSWORD = 'bench load password 2026';

/** Address blocks (10.<block>.x.y): each kind of person has its own. */
export const BLOCKS = { visitors: 0, providers: 1, employers: 2, newcomers: 3 } as const;

/** An agent's fields, as AGENT_FIELDS names them (domain/src/agent.ts). */
export type AgentFields = Record<AgentField, string>;

export interface Member {
  vu: VirtualUser;
  email: string;
  userId: string;
  /** A provider's agent, as registered (the edit sends every field, as the dashboard's form does). */
  agent?: { id: string; fields: AgentFields };
  /** Requests in a provider's inbox. */
  inbox: string[];
  edits: number;
  /** An employer's shortlist and the agents the bench put in it (oldest first). */
  shortlistId?: string;
  listed: string[];
  /** The token the advanced search keeps (employer-search-client.ts). */
  searchToken: string | null;
  contacts: number;
}

export class SetupError extends Error {}

/** The answer's body when it succeeded; a SetupError naming the step otherwise. */
export function must<T>(answer: Answer, what: string): T {
  if (!isSuccess(answer)) {
    throw new SetupError(
      `${what}: ${answer.failure ?? answer.status} ${JSON.stringify(answer.json)?.slice(0, 300) ?? ''}`,
    );
  }
  return answer.json as T;
}

/** A state change as the client sends it: the session's CSRF token read just before. */
export async function sendWithCsrf(
  vu: VirtualUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const { token, answer } = await vu.csrfToken();
  if (!token) return answer;
  return vu.send(method, path, { body, csrf: token, wantJson: true });
}

/** Runs `work` on every item, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

export function agentFieldsFor(catalog: Catalog, label: string, n: number): AgentFields {
  const { category, role } = catalog.roles[n % catalog.roles.length]!;
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    name: `${label} ${n}`,
    provider: `${label} Labs`,
    category,
    role,
    description: 'Reconciles bank statements every night and flags odd payments for a person to check.',
    cost: '$20/month',
    address: `https://${slug}-${n}.example.com`,
  };
}

export async function seedAccounts(options: {
  base: URL;
  agent: http.Agent;
  outboxDir: string;
  runId: string;
  catalog: Catalog;
  providers: number;
  employers: number;
  log: (line: string) => void;
}): Promise<{ providers: Member[]; employers: Member[] }> {
  const { base, agent, runId, catalog, log } = options;
  const make = (block: number, n: number, type: string): Member => ({
    vu: new VirtualUser(base, agent, addressOf(block, n)),
    email: `bench-${runId}-${type}${n}@example.com`,
    userId: '',
    inbox: [],
    edits: 0,
    listed: [],
    searchToken: null,
    contacts: 0,
  });
  const providers = Array.from({ length: options.providers }, (_, n) => make(BLOCKS.providers, n, 'p'));
  const employers = Array.from({ length: options.employers }, (_, n) => make(BLOCKS.employers, n, 'e'));
  const everyone = [...providers, ...employers];
  // Each account costs a password hash (about 0.4 s of a core): four at a time keep both cores busy.
  const width = 4;
  let started = performance.now();
  const step = (what: string) => {
    log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
  };

  await inBatches(everyone, width, async (member) => {
    const created = must<{ user_id: string }>(
      await sendWithCsrf(member.vu, 'POST', '/api/users', {
        email: member.email,
        password: BENCH_PASSWORD,
        full_name: 'Bench Person',
        organization: `Bench ${runId} ${member.email.split('@')[0]}`,
        phone: '',
        user_type: providers.includes(member) ? 'agent_provider' : 'employer',
      }),
      `create account ${member.email}`,
    );
    member.userId = created.user_id;
  });
  step(`${everyone.length} accounts created (POST /api/users)`);

  // The confirmation links, as the person opens them.
  const tokens = new Map<string, string>();
  for (let attempt = 0; tokens.size < everyone.length && attempt < 100; attempt++) {
    for (const message of await readOutbox(options.outboxDir)) {
      const link = findLink(message.text, '/verify-email');
      const token = link ? new URL(link).searchParams.get('token') : null;
      if (token) tokens.set(message.to.replace(/^.*</, '').replace(/>.*$/, '').toLowerCase(), token);
    }
    if (tokens.size < everyone.length) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await inBatches(everyone, width * 2, async (member) => {
    const token = tokens.get(member.email);
    if (!token) throw new SetupError(`no confirmation link for ${member.email} in ${options.outboxDir}`);
    must(await sendWithCsrf(member.vu, 'POST', '/api/auth/verify-email', { token }), 'verify e-mail');
  });
  step('e-mail addresses confirmed (POST /api/auth/verify-email)');

  await inBatches(everyone, width * 2, async (member) => {
    const { url } = must<{ url: string }>(
      await sendWithCsrf(member.vu, 'POST', `/api/users/${member.userId}/subscription`),
      'open checkout',
    );
    const session = url.split('?')[0]!.split('/').pop()!;
    must(await sendWithCsrf(member.vu, 'POST', `/api/test-checkout/${session}/pay`), 'pay test checkout');
    const me = must<{ user: { subscription_status?: string } }>(
      await member.vu.send('GET', '/api/auth/me', { wantJson: true }),
      'read account',
    );
    if (me.user.subscription_status !== 'active') {
      throw new SetupError(`${member.email}: subscription ${me.user.subscription_status} after paying`);
    }
  });
  step('subscriptions active through the test-mode checkout');

  await inBatches(providers, width * 2, async (member, n) => {
    const fields = agentFieldsFor(catalog, `Bench ${runId} Agent`, n);
    const registered = must<{ agent: { id: string }; owned: boolean }>(
      await sendWithCsrf(member.vu, 'POST', '/api/agents', {
        email: '',
        newCategory: '',
        newRole: '',
        ...fields,
      }),
      'register own agent',
    );
    if (!registered.owned) throw new SetupError(`${member.email}: the agent did not join the account`);
    member.agent = { id: registered.agent.id, fields };
  });
  await inBatches(employers, width * 2, async (member, n) => {
    const { shortlist } = must<{ shortlist: { id: string } }>(
      await sendWithCsrf(member.vu, 'POST', '/api/shortlists', { name: 'Bench shortlist' }),
      'create shortlist',
    );
    member.shortlistId = shortlist.id;
    const about = providers[(n * 7) % providers.length]!.agent!.id;
    must(
      await sendWithCsrf(member.vu, 'POST', '/api/contact-requests', {
        agent_id: about,
        kind: 'contact',
        message: 'We would like to know more about this agent.',
      }),
      'send contact request',
    );
    member.contacts += 1;
  });
  await inBatches(providers, width * 2, async (member) => {
    const { requests } = must<{ requests: Array<{ id: string }> }>(
      await member.vu.send('GET', '/api/users/inbox', { wantJson: true }),
      'read inbox',
    );
    member.inbox = requests.map((request) => request.id);
  });
  step("providers' agents registered, employers' shortlists and contact requests made");
  return { providers, employers };
}
