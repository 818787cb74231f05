import type { ReactNode } from 'react';
import { KeyPoints } from './key-points';

export const LEGAL_LAST_UPDATED = 'November 22, 2026';

/** The frame of a legal page: title, date, the shared key points, then the page's own sections. */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="legal container page-narrow" aria-labelledby="legal-title">
      <header className="page-header">
        <h1 id="legal-title">{title}</h1>
        <p className="legal__updated">Last updated {LEGAL_LAST_UPDATED}</p>
        <p className="page-header__lead">{intro}</p>
      </header>
      <KeyPoints />
      <div className="legal__body">{children}</div>
    </article>
  );
}
