import { formatCount } from '../../../lib/format-count';
import type {
  AgentAnalytics,
  EventCounts,
  EventKind,
  ProviderAnalyticsAnswer,
  WeekCounts,
} from '../api/get-provider-analytics';

// The analytics screen's data, shaped from GET /api/users/analytics: pure functions, tested on
// their own.

/** The selection that sums every agent. */
export const ALL_AGENTS = '';

export const KIND_LABELS: Record<EventKind, { title: string; noun: string; nouns: string; meaning: string }> =
  {
    appeared: {
      title: 'Appeared in search results',
      noun: 'appearance',
      nouns: 'appearances',
      meaning:
        'People whose search listed the agent: on the site, through the API or an AI assistant, once per person a day however often they searched.',
    },
    opened: {
      title: 'Agent page views',
      noun: 'view',
      nouns: 'views',
      meaning: 'People who opened the agent’s page, once per person a day.',
    },
    clicked: {
      title: 'Clicks to your site',
      noun: 'click',
      nouns: 'clicks',
      meaning: 'People who followed the link to your site, once per person a day.',
    },
    compared: {
      title: 'Compared by employers',
      noun: 'comparison',
      nouns: 'comparisons',
      meaning:
        'Subscribed employers who put the agent side by side with others, on the site or through their assistant’s API key, once per employer a day.',
    },
    contacted: {
      title: 'Contact requests',
      noun: 'request',
      nouns: 'requests',
      meaning: 'Contact and demo requests employers sent about the agent (they are in your inbox).',
    },
  };

/** Who "a person" is in the meanings above. */
export const PERSON_MEANING =
  'A person is a signed-in account, or else a visitor’s network address (people sharing one address count once). Repeated requests count once, so these figures cannot be raised by reloading or by a script.';

const zero = (): EventCounts => ({ appeared: 0, opened: 0, clicked: 0, compared: 0, contacted: 0 });

function add(into: EventCounts, from: EventCounts): void {
  for (const kind of Object.keys(into) as EventKind[]) into[kind] += from[kind];
}

/** The weekly counts of one agent, or of every agent summed (ALL_AGENTS), one entry per week. */
export function weeklyOf(answer: ProviderAnalyticsAnswer, agentId: string): WeekCounts[] {
  const agents: AgentAnalytics[] =
    agentId === ALL_AGENTS ? answer.agents : answer.agents.filter((agent) => agent.id === agentId);
  return answer.weeks.map((week, index) => {
    const counts = zero();
    for (const agent of agents) {
      const entry = agent.weekly[index];
      if (entry && entry.week === week) add(counts, entry);
    }
    return { week, ...counts };
  });
}

export function totalsOf(weekly: readonly EventCounts[]): EventCounts {
  const totals = zero();
  for (const week of weekly) add(totals, week);
  return totals;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-16' (a Monday) → 'Nov 16'; read as a calendar date, whatever the time zone. */
export function weekLabel(week: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(week);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${Number(match[3])}` : week;
}

export { formatCount };

/** 1 → '1 click', 3 → '3 clicks'. */
export function countOf(kind: EventKind, value: number): string {
  const { noun, nouns } = KIND_LABELS[kind];
  return `${formatCount(value)} ${value === 1 ? noun : nouns}`;
}

/** "12 clicks over 12 weeks, 3 this week." */
export function kindSummary(kind: EventKind, weekly: readonly WeekCounts[]): string {
  const total = weekly.reduce((sum, week) => sum + week[kind], 0);
  const last = weekly.at(-1)?.[kind] ?? 0;
  return `${countOf(kind, total)} over ${weekly.length} weeks, ${formatCount(last)} this week.`;
}
