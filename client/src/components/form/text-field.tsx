import type { InputHTMLAttributes, ReactNode } from 'react';

// One labelled input with its error underneath, wired for screen readers (aria-invalid and
// aria-describedby point at the message). Every account form uses it.

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  /** Shown under the label before the field (what the field is for, format hints). */
  hint?: ReactNode;
  /** Renders a textarea instead of an input. */
  multiline?: boolean;
  rows?: number;
}

export function TextField({ id, name, label, error, hint, multiline, rows, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className={`field form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {input.required ? null : <span className="form-field__optional"> (optional)</span>}
      </label>
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea
          {...common}
          rows={rows ?? 4}
          value={input.value}
          onChange={input.onChange as never}
          required={input.required}
          maxLength={input.maxLength}
          disabled={input.disabled}
          placeholder={input.placeholder}
        />
      ) : (
        <input type="text" {...input} {...common} />
      )}
      {error ? (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
