import { useState } from 'react';
import { useCompareSelection } from '../../hooks/use-compare-selection';
import { COMPARE_FULL_MESSAGE, type ComparedAgent } from '../../lib/compare-selection';

/**
 * Adds an agent to the comparison or takes it out (a pressed button while it is in). A fifth agent
 * is refused, and the refusal is announced beside the button.
 */
export function CompareToggle({ agent, className = '' }: { agent: ComparedAgent; className?: string }) {
  const selection = useCompareSelection();
  const [refused, setRefused] = useState(false);
  const selected = selection.has(agent.id);
  return (
    <span className={`compare-toggle ${className}`.trim()}>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-pressed={selected}
        onClick={() => setRefused(selection.toggle(agent) === 'full')}
      >
        {selected ? <span aria-hidden="true">✓ </span> : null}
        Compare<span className="visually-hidden"> {agent.name}</span>
      </button>
      {refused && !selected ? (
        <span className="compare-toggle__refused" role="alert">
          {COMPARE_FULL_MESSAGE}
        </span>
      ) : null}
    </span>
  );
}
