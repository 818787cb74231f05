import './provider-analytics.css';
import { decodeEntities } from '@agentry/domain/html-entities';
import { useId, useMemo, useState } from 'react';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAsync } from '../../../hooks/use-async';
import {
  EVENT_KINDS,
  getProviderAnalytics,
  type ProviderAnalyticsAnswer,
  type WeekCounts,
} from '../api/get-provider-analytics';
import {
  ALL_AGENTS,
  formatCount,
  KIND_LABELS,
  PERSON_MEANING,
  totalsOf,
  weekLabel,
  weeklyOf,
} from '../utils/analytics-data';
import { KindChart } from './kind-chart';

// The provider dashboard's analytics: for the chosen agent (or all of them summed), how often it
// appeared in search results, was viewed, clicked through, compared and contacted, week by week.
// One small chart per kind (chart.js, loaded lazily), and every figure as a table too.

export function ProviderAnalytics() {
  const [attempt, setAttempt] = useState(0);
  const state = useAsync(`analytics:${attempt}`, (signal) => getProviderAnalytics(signal));
  return (
    <section className="dashboard-panel provider-analytics" aria-labelledby="provider-analytics-title">
      <h2 id="provider-analytics-title">Analytics</h2>
      <p className="provider-analytics__intro">
        How many people saw and chose your agents, per week (weeks start on Monday). Counts are anonymous: no
        visitor is recorded.
      </p>
      {state.status === 'loading' || state.status === 'idle' ? (
        <PageLoading label="Loading analytics..." />
      ) : null}
      {state.status === 'error' ? (
        <div className="notice notice--error" role="alert">
          Failed to load your analytics{' '}
          <button className="link-button" type="button" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </button>
        </div>
      ) : null}
      {state.status === 'success' ? <AnalyticsView answer={state.data} /> : null}
    </section>
  );
}

function AnalyticsView({ answer }: { answer: ProviderAnalyticsAnswer }) {
  const selectId = useId();
  const [agentId, setAgentId] = useState(ALL_AGENTS);
  const weekly = useMemo(() => weeklyOf(answer, agentId), [answer, agentId]);
  const totals = useMemo(() => totalsOf(weekly), [weekly]);

  if (answer.agents.length === 0) {
    return (
      <div className="empty-state">
        <p>Analytics appear here once you have an agent listed.</p>
      </div>
    );
  }
  const agent = answer.agents.find((candidate) => candidate.id === agentId);
  const scope = agent ? decodeEntities(agent.name) : 'All your agents';
  const quiet = EVENT_KINDS.every((kind) => totals[kind] === 0);

  return (
    <>
      {answer.agents.length > 1 ? (
        <div className="field provider-analytics__select">
          <label htmlFor={selectId}>Agent</label>
          <select id={selectId} value={agentId} onChange={(event) => setAgentId(event.target.value)}>
            <option value={ALL_AGENTS}>All agents ({answer.agents.length})</option>
            {answer.agents.map((option) => (
              <option key={option.id} value={option.id}>
                {decodeEntities(option.name)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <ul className="provider-analytics__totals" aria-label={`${scope}, last ${answer.weeks.length} weeks`}>
        {EVENT_KINDS.map((kind) => (
          <li key={kind}>
            <span className="provider-analytics__total">{formatCount(totals[kind])}</span>
            <span className="provider-analytics__kind">{KIND_LABELS[kind].title}</span>
          </li>
        ))}
      </ul>
      {quiet ? (
        <div className="empty-state">
          <p>
            Nothing counted yet in the last {answer.weeks.length} weeks. Appearances in search results show up
            here within a minute of the first search that lists {agent ? 'this agent' : 'your agents'}.
          </p>
        </div>
      ) : (
        <div className="provider-analytics__charts">
          {EVENT_KINDS.map((kind) => (
            <KindChart key={kind} kind={kind} weekly={weekly} scope={scope} />
          ))}
        </div>
      )}
      <Meanings />
      <WeeklyTable weekly={weekly} scope={scope} />
    </>
  );
}

/** What each number counts, in words: the server counts people, not requests. */
function Meanings() {
  return (
    <div className="provider-analytics__meanings">
      <h3>What each number counts</h3>
      <dl>
        {EVENT_KINDS.map((kind) => (
          <div key={kind}>
            <dt>{KIND_LABELS[kind].title}</dt>
            <dd>{KIND_LABELS[kind].meaning}</dd>
          </div>
        ))}
      </dl>
      <p>{PERSON_MEANING}</p>
    </div>
  );
}

/** Every figure of the charts as text: a table a screen reader (or anyone) can read. */
function WeeklyTable({ weekly, scope }: { weekly: WeekCounts[]; scope: string }) {
  return (
    <details className="provider-analytics__table">
      <summary>Show the numbers as a table</summary>
      {/* A wide table scrolls in its own frame on a phone: the frame takes focus (a named region), so a
          keyboard can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      <section
        className="provider-analytics__table-wrap"
        aria-label={`${scope}: counts per week`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard only so.
        tabIndex={0}
      >
        <table>
          <caption>{scope}: counts per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {EVENT_KINDS.map((kind) => (
                <th key={kind} scope="col">
                  {KIND_LABELS[kind].title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weekly.map((week) => (
              <tr key={week.week}>
                <th scope="row">{weekLabel(week.week)}</th>
                {EVENT_KINDS.map((kind) => (
                  <td key={kind}>{formatCount(week[kind])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
