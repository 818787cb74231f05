import type http from 'node:http';
import { agentFieldsFor, BENCH_PASSWORD, BLOCKS, type Member } from './product-accounts';
import type { ProductAction, ProductKind } from './product-mix';
import type { ProductRecorder } from './product-recorder';
import type { Catalog } from './traffic-mix';
import { type Answer, addressOf, VirtualUser } from './virtual-user';

// What each kind of action sends, as the client sends it, and what it records. An action's
// latency counts from when its person clicks (product-load.ts), through its CSRF token read if it has one;
// the token read is also recorded on its own, as the kind 'csrf token'.

export interface ProductRun {
  base: URL;
  agent: http.Agent;
  recorder: ProductRecorder;
  catalog: Catalog;
  providers: Member[];
  employers: Member[];
  runId: string;
  visitors: Map<number, VirtualUser>;
}

const SHORTLIST_KEEP = 5;
/** Kinds whose slowest action is printed part by part (issue 21's sign-in and sign-up target). */
const EXPLAINED: ReadonlySet<ProductKind> = new Set(['sign-in', 'register provider', 'register employer']);
const tenths = (ms: number) => Math.round(ms * 10) / 10;

export function personFor(
  run: ProductRun,
  action: ProductAction,
): { vu: VirtualUser; member: Member | null } {
  if (action.actor === 'provider')
    return { vu: run.providers[action.who]!.vu, member: run.providers[action.who]! };
  if (action.actor === 'employer')
    return { vu: run.employers[action.who]!.vu, member: run.employers[action.who]! };
  if (action.actor === 'newcomer') {
    return {
      vu: new VirtualUser(run.base, run.agent, addressOf(BLOCKS.newcomers, action.who % 65536)),
      member: null,
    };
  }
  let vu = run.visitors.get(action.who);
  if (!vu) {
    vu = new VirtualUser(run.base, run.agent, addressOf(BLOCKS.visitors, action.who));
    run.visitors.set(action.who, vu);
  }
  return { vu, member: null };
}

/**
 * Sends `action` and records it. `from` is when its person clicks (its scheduled start, or the
 * answer of their earlier action if that came later); `waited` is how long after the schedule that
 * was, recorded beside the latency so the figures can say it.
 */
export async function perform(
  run: ProductRun,
  action: ProductAction,
  from: number,
  waited = 0,
): Promise<void> {
  const { vu, member } = personFor(run, action);
  const { recorder } = run;
  const since = () => performance.now() - from;

  const read = async (
    path: string,
    kind: ProductKind = action.kind,
    check?: (json: unknown) => string | null,
  ) => {
    const answer = await vu.send('GET', path, { wantJson: check !== undefined });
    recorder.record(
      kind,
      'GET',
      since(),
      answer,
      answer.status === 200 && check ? check(answer.json) : null,
      waited,
    );
    return answer;
  };
  /** The token read (recorded as 'csrf token'), then the write, recorded from the click. */
  const write = async (method: string, path: string, body?: unknown, kind: ProductKind = action.kind) => {
    const token = await vu.csrfToken();
    recorder.record('csrf token', 'GET', token.answer.ms, token.answer);
    if (!token.token) {
      recorder.record(kind, method, since(), token.answer, 'no csrf token', waited);
      return null;
    }
    const answer = await vu.send(method, path, { body, csrf: token.token, wantJson: true });
    const ms = since();
    recorder.record(kind, method, ms, answer, null, waited);
    if (EXPLAINED.has(kind)) {
      const server = answer.headers['server-timing'];
      recorder.keepSlowest(
        kind,
        ms,
        `${tenths(ms)} ms from the click (${tenths(waited)} ms after its schedule): token ${tenths(token.answer.ms)} ms, ${method} ${tenths(answer.ms)} ms, status ${answer.status}${server ? `; server: ${server}` : ''}`,
      );
    }
    return answer;
  };

  switch (action.kind) {
    case 'session check':
      await read('/api/auth/me', action.kind, (json) =>
        (json as { success?: boolean }).success ? null : 'signed out',
      );
      return;
    case 'provider agents':
      await read('/api/users/agents');
      return;
    case 'provider analytics':
      await read('/api/users/analytics');
      return;
    case 'provider inbox': {
      const answer = await vu.send('GET', '/api/users/inbox', { wantJson: true });
      recorder.record(action.kind, 'GET', since(), answer, null, waited);
      const requests = (answer.json as { requests?: Array<{ id: string }> } | null)?.requests;
      if (member && requests?.length) member.inbox = requests.map((request) => request.id);
      return;
    }
    case 'shortlists':
      await read('/api/shortlists');
      return;
    case 'sent requests':
      await read('/api/employer/requests');
      return;
    case 'compare':
      await read(action.path!);
      return;
    case 'employer search':
      return employerSearch(run, action, member!, from, waited);
    case 'edit agent': {
      const own = member!.agent!;
      member!.edits += 1;
      await write('PUT', `/api/users/agents/${encodeURIComponent(own.id)}`, {
        ...own.fields,
        newCategory: '',
        newRole: '',
        description: `${own.fields.description} Revised ${member!.edits} times.`,
      });
      return;
    }
    case 'inbox status': {
      const id = member!.inbox[member!.edits % Math.max(1, member!.inbox.length)];
      member!.edits += 1;
      if (!id) {
        // Nobody wrote to this provider: the dashboard shows an empty inbox and nothing to answer.
        await read('/api/users/inbox', 'provider inbox');
        return;
      }
      const status = ['replied', 'closed', 'new'][member!.edits % 3];
      await write('PUT', `/api/users/inbox/${encodeURIComponent(id)}/status`, { status });
      return;
    }
    case 'shortlist add': {
      const list = member!.shortlistId!;
      if (member!.listed.length >= SHORTLIST_KEEP) {
        const oldest = member!.listed[0]!;
        const answer = await write(
          'DELETE',
          `/api/shortlists/${encodeURIComponent(list)}/agents/${encodeURIComponent(oldest)}`,
          undefined,
          'shortlist remove',
        );
        if (answer && answer.status < 300) member!.listed.shift();
        return;
      }
      const agentId =
        run.catalog.ids[(member!.edits++ * 7919 + action.who * 104729) % run.catalog.ids.length]!;
      const answer = await write('POST', `/api/shortlists/${encodeURIComponent(list)}/agents`, {
        agent_id: agentId,
      });
      if (answer && answer.status < 300 && !member!.listed.includes(agentId)) member!.listed.push(agentId);
      return;
    }
    case 'contact request': {
      const about = run.providers[action.target!]!.agent!.id;
      member!.contacts += 1;
      const demo = member!.contacts % 2 === 0;
      await write('POST', '/api/contact-requests', {
        agent_id: about,
        kind: demo ? 'demo' : 'contact',
        message: 'We would like to know more about this agent and its pricing.',
        ...(demo ? { preferred_times: 'Weekday mornings' } : {}),
      });
      return;
    }
    case 'sign-in': {
      const answer = await write('POST', '/api/auth/login', {
        email: member!.email,
        password: BENCH_PASSWORD,
      });
      // A new session: the search page reads a new token, as after any sign-in.
      if (answer && answer.status === 200) member!.searchToken = null;
      return;
    }
    case 'register provider':
    case 'register employer': {
      const type = action.kind === 'register provider' ? 'agent_provider' : 'employer';
      await write('POST', '/api/users', {
        email: `bench-${run.runId}-new${action.who}@example.com`,
        password: BENCH_PASSWORD,
        full_name: 'Bench Newcomer',
        organization: `Bench ${run.runId} newcomer ${action.who}`,
        phone: '',
        user_type: type,
      });
      return;
    }
    case 'register agent':
      await write('POST', '/api/agents', {
        email: `bench-${run.runId}-listing${action.who}@example.com`,
        newCategory: '',
        newRole: '',
        ...agentFieldsFor(run.catalog, `Bench ${run.runId} Listing`, action.who),
      });
      return;
    default:
      // The visitor kinds: one anonymous GET.
      await read(action.path!);
  }
}

/** The advanced search: the token fetched once and kept, fetched again once if refused (as the client). */
async function employerSearch(
  run: ProductRun,
  action: ProductAction,
  member: Member,
  from: number,
  waited: number,
) {
  const { recorder } = run;
  const post = async (): Promise<Answer | null> => {
    if (!member.searchToken) {
      const token = await member.vu.csrfToken();
      recorder.record('csrf token', 'GET', token.answer.ms, token.answer);
      member.searchToken = token.token;
      if (!token.token) return token.answer;
    }
    return member.vu.send('POST', '/api/employer/instantsearch/multi-search', {
      body: { requests: action.search },
      csrf: member.searchToken ?? undefined,
    });
  };
  let answer = await post();
  if (answer && answer.status === 403) {
    member.searchToken = null;
    answer = await post();
  }
  recorder.record('employer search', 'POST', performance.now() - from, answer!, null, waited);
}
