import type { Ref } from 'react';
import { formatCount } from '../../lib/format-count';

// A labelled textarea with a length limit and a counter ("120 / 2000 characters"), which the
// field names as its description so screen readers hear it too. The browser stops typing at the
// limit; the server checks it again.

export function LimitedTextArea({
  id,
  label,
  value,
  onChange,
  max,
  required = false,
  rows = 5,
  hint,
  error,
  textAreaRef,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  required?: boolean;
  rows?: number;
  hint?: string;
  error?: string | null;
  textAreaRef?: Ref<HTMLTextAreaElement>;
}) {
  const countId = `${id}-count`;
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <div className={`field form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="form-field__optional"> (optional)</span>}
      </label>
      {hint ? (
        <p className="form-field__hint" id={hintId ?? undefined}>
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        ref={textAreaRef}
        rows={rows}
        value={value}
        maxLength={max}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, countId, errorId].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="form-field__hint char-count" id={countId}>
        {formatCount(value.length)} / {formatCount(max)} characters
      </p>
      {error ? (
        <p className="form-field__error" id={errorId ?? undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
