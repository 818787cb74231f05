import type { ReactNode } from 'react';

/** Cards in a responsive grid: one column on phones, more on wider screens (see agent-card.css). */
export function AgentGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="agent-grid" aria-label={label}>
      {children}
    </ul>
  );
}
