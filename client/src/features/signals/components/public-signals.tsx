import { decodeEntities } from '@agentry/domain/html-entities';
import { statedText } from '@agentry/domain/stated';
import { Link } from 'react-router-dom';
import { useAsync } from '../../../hooks/use-async';
import { getSignals, signalsInPage } from '../api/get-signals';

// "Most compared this week" and "Trending" (issue 26), from counts of people (each once a day),
// never of requests; nothing is shown until an agent has enough people behind it. The ranking
// policy page says how the lists are made.

/** " by Acme", or nothing when the listing does not know its provider (issue 25). */
function byProvider(provider: string): string {
  const stated = statedText(provider);
  return stated ? ` by ${stated}` : '';
}

export function PublicSignals() {
  const signals = useAsync('signals', (signal) => getSignals(signal), signalsInPage);
  if (signals.status !== 'success') return null;
  const { most_compared, trending } = signals.data;
  if (most_compared.length === 0 && trending.length === 0) return null;
  return (
    <div className="public-signals">
      {most_compared.length > 0 ? (
        <section aria-labelledby="most-compared-title">
          <h2 id="most-compared-title">Most compared this week</h2>
          <ol className="signal-list">
            {most_compared.map(({ agent, people }) => (
              <li key={agent.id}>
                <Link to={`/agents/${encodeURIComponent(agent.id)}`}>{decodeEntities(agent.name)}</Link>
                {byProvider(agent.provider)}: compared by {people} {people === 1 ? 'person' : 'people'}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {trending.length > 0 ? (
        <section aria-labelledby="trending-title">
          <h2 id="trending-title">Trending</h2>
          <ol className="signal-list">
            {trending.map(({ agent, people, growth }) => (
              <li key={agent.id}>
                <Link to={`/agents/${encodeURIComponent(agent.id)}`}>{decodeEntities(agent.name)}</Link>
                {byProvider(agent.provider)}: viewed by {people} people this week, {growth}× last week's pace
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <p>
        <Link to="/ranking-policy#signals">How these lists are made</Link>
      </p>
    </div>
  );
}
