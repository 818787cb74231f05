import type { ReactNode } from 'react';

/**
 * The TEST MODE marker of docs/accounts.md: pages of the built-in payments say plainly that no card
 * is needed and nothing is charged, so nobody mistakes a test for a real purchase.
 */
export function TestModeBanner({ children }: { children: ReactNode }) {
  return (
    <p className="test-mode-banner" role="note">
      {children}
    </p>
  );
}
