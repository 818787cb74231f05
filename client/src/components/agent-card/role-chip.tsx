import { decodeEntities } from '@agentry/domain/html-entities';
import type { ReactNode } from 'react';

/** The role an agent fills, as a button that opens the agents of that role. */
export function RoleChip({
  role,
  onSelect,
  children,
}: {
  role: string;
  onSelect: () => void;
  children?: ReactNode;
}) {
  return (
    <button type="button" className="role-chip" onClick={onSelect}>
      {children ?? decodeEntities(role)}
      <span className="visually-hidden">: see all agents in this role</span>
    </button>
  );
}
