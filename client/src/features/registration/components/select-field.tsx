import type { ReactNode } from 'react';

// A labelled dropdown wired like TextField: its error (and any note) are tied to it with
// aria-describedby, and aria-invalid lets the form move focus to it after a failed submit.

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  id,
  name,
  label,
  value,
  options,
  placeholder,
  disabled,
  error,
  note,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  /** The first, empty choice ("Choose a category"); left out when absent. */
  placeholder?: string;
  disabled?: boolean;
  error?: string | undefined;
  /** A message about the list itself (it failed to load), shown above it. */
  note?: ReactNode;
  onChange: (value: string) => void;
}) {
  const noteId = note ? `${id}-note` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {note ? (
        <p className="form-field__error" id={noteId} role="alert">
          {note}
        </p>
      ) : null}
      <select
        id={id}
        name={name}
        value={value}
        required
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[noteId, errorId].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
