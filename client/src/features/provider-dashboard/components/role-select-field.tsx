import { OTHER_OPTION } from '@agentry/domain/agent-rules';
import type { ChangeEvent } from 'react';
import { TextField } from '../../../components/form/text-field';
import { useAsync } from '../../../hooks/use-async';
import { getRoles } from '../../../lib/api/get-roles';

// The edit form's role: a list of the category's roles plus 'Other (Custom)', which reveals a text
// input for a role the list does not have (spec section 2, provider dashboard).

export const CUSTOM_ROLE_LABEL = 'Other (Custom)';

export function RoleSelectField({
  idPrefix,
  category,
  choice,
  customRole,
  currentRole,
  error,
  onChoiceChange,
  onCustomRoleChange,
}: {
  idPrefix: string;
  /** The category whose roles to list. */
  category: string;
  /** The selected option: a role, or OTHER_OPTION for a custom one. */
  choice: string;
  customRole: string;
  /** The agent's saved role, listed even when the category's list lacks it. */
  currentRole: string;
  error?: string | undefined;
  onChoiceChange: (choice: string) => void;
  onCustomRoleChange: (role: string) => void;
}) {
  const roles = useAsync(category.trim() || null, (signal) => getRoles(category.trim(), signal));
  const listed = roles.status === 'success' ? roles.data : [];
  const options = currentRole && !listed.includes(currentRole) ? [currentRole, ...listed] : listed;
  const custom = choice === OTHER_OPTION;
  const selectId = `${idPrefix}-role`;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const selectError = custom ? undefined : error;

  return (
    <>
      <div className={`field form-field${selectError ? ' form-field--invalid' : ''}`}>
        <label htmlFor={selectId}>Role</label>
        {roles.status === 'error' ? (
          <p className="form-field__hint" id={hintId}>
            The roles of this category could not be loaded. Choose {CUSTOM_ROLE_LABEL} to type one.
          </p>
        ) : null}
        <select
          id={selectId}
          name="role"
          required
          value={choice}
          aria-invalid={selectError ? true : undefined}
          aria-describedby={
            [roles.status === 'error' ? hintId : '', selectError ? errorId : ''].filter(Boolean).join(' ') ||
            undefined
          }
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onChoiceChange(event.target.value)}
        >
          {choice === '' ? <option value="">Choose a role</option> : null}
          {options.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
          <option value={OTHER_OPTION}>{CUSTOM_ROLE_LABEL}</option>
        </select>
        {selectError ? (
          <p className="form-field__error" id={errorId}>
            {selectError}
          </p>
        ) : null}
      </div>
      {custom ? (
        <TextField
          id={`${idPrefix}-custom-role`}
          name="newRole"
          type="text"
          label="Custom role"
          hint="The human role this agent replaces or assists."
          required
          value={customRole}
          error={error}
          onChange={(event) => onCustomRoleChange(event.target.value)}
        />
      ) : null}
    </>
  );
}
