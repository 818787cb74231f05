import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

// A page that only says where things stand (not found, could not load, still being built) and
// offers the ways on. One layout for all of them.

export interface StatusAction {
  to: string;
  label: string;
}

export function StatusPage({
  heading,
  children,
  primary,
  secondary,
}: {
  heading: string;
  children: ReactNode;
  primary: StatusAction;
  secondary?: StatusAction;
}) {
  return (
    <div className="container page-narrow status-page">
      <h1>{heading}</h1>
      {children}
      <p className="status-page__actions">
        <Link className="button button--primary" to={primary.to}>
          {primary.label}
        </Link>
        {secondary ? (
          <Link className="button button--secondary" to={secondary.to}>
            {secondary.label}
          </Link>
        ) : null}
      </p>
    </div>
  );
}

/** The ways on from a page about something that is not (or no longer) in the catalog. */
export const BACK_TO_CATALOG = {
  primary: { to: '/directory', label: 'Browse the directory' },
  secondary: { to: '/', label: 'Back to search' },
} as const;
