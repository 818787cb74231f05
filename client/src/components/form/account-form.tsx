import type { FormEvent, ReactNode, Ref } from 'react';
import { FormAlert } from './form-alert';

// The frame of every account form: named for screen readers, the browser's own checks off (the
// rules are domain/'s, said under each field), and what went wrong with the whole form above it.

export function AccountForm({
  label,
  className = 'form-card',
  formRef,
  failure,
  onSubmit,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  className?: string;
  formRef: Ref<HTMLFormElement>;
  /** Why the last submit failed, as a whole (field errors stand under their fields). */
  failure: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form className={className} ref={formRef} onSubmit={onSubmit} noValidate aria-label={label}>
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      {children}
    </form>
  );
}
