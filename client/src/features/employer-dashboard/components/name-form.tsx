import { type FormEvent, type ReactNode, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { errorText } from '../../../lib/api/api-client';

// The dashboard's one-field forms (a new list, a new API key, the organization's name) are one
// shape: a name, a button, the rule for an empty name said at once, the server's refusal said as
// it words it. Each form is this with its own words.

export interface NameFormProps {
  /** Prefix of the element ids: "shortlist-new" gives "shortlist-new-name" and "…-error". */
  idPrefix: string;
  /** The form's accessible name. */
  formLabel: string;
  fieldLabel: string;
  /** Shown under the label (id `${idPrefix}-hint`). */
  hint?: ReactNode;
  placeholder?: string;
  maxLength: number;
  initial?: string;
  /** What an empty name gets. */
  emptyMessage: string;
  /** What a failure without a message of the server's own gets. */
  failureMessage: string;
  submitLabel: string;
  busyLabel: string;
  buttonClassName?: string;
  /** Empty the field once saved (a new item), or keep it (a name being edited). */
  clearOnSave?: boolean;
  onSave: (name: string) => Promise<unknown>;
}

export function NameForm(props: NameFormProps) {
  const { idPrefix, hint, clearOnSave = false } = props;
  const [name, setName] = useState(props.initial ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = `${idPrefix}-name`;
  const hintId = hint ? `${idPrefix}-hint` : undefined;
  const errorId = failure ? `${idPrefix}-error` : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setFailure(props.emptyMessage);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await props.onSave(name.trim());
      if (clearOnSave) setName('');
    } catch (error) {
      setFailure(errorText(error, props.failureMessage));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="shortlist-new"
      aria-label={props.formLabel}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <div className="field form-field">
        <label htmlFor={inputId}>{props.fieldLabel}</label>
        {hint ? (
          <p className="form-field__hint" id={hintId}>
            {hint}
          </p>
        ) : null}
        <div className="shortlist-new__row">
          <input
            id={inputId}
            type="text"
            value={name}
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            aria-invalid={failure ? true : undefined}
            aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <button className={props.buttonClassName ?? 'button button--primary'} type="submit" disabled={busy}>
            {busy ? props.busyLabel : props.submitLabel}
          </button>
        </div>
      </div>
      {failure ? (
        <div id={errorId}>
          <FormAlert kind="error">{failure}</FormAlert>
        </div>
      ) : null}
    </form>
  );
}
