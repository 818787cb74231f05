import { type AccountErrors, checkEmail, checkProfile } from '@agentry/domain/account-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { errorText, fieldErrors } from '../../../lib/api/api-client';
import type { SessionUser } from '../../../lib/auth/auth-api';
import { type ProfileAnswer, updateProfile } from '../../../lib/auth/update-profile';

// The organisation profile's edit mode. The spec's employer dashboard saved without calling the
// server, so edits vanished on reload; here Save is PUT /api/users/profile and the page shows
// what the server stored.

const valuesOf = (user: SessionUser) => ({
  full_name: user.full_name ?? '',
  organization: user.organization ?? '',
  email: user.email,
  phone: user.phone ?? '',
});
type Values = ReturnType<typeof valuesOf>;

export function validateOrganizationProfile(values: Values): AccountErrors {
  const errors: AccountErrors = {};
  checkProfile(values, errors);
  checkEmail(values.email.trim(), errors);
  return errors;
}

export function OrganizationProfileForm({
  user,
  onSaved,
  onCancel,
}: {
  user: SessionUser;
  onSaved: (answer: ProfileAnswer) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [errors, setErrors] = useState<AccountErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, invalidAttempts);

  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const field = (name: keyof Values) => ({
    id: `organization-${name}`,
    // Explicit, so the shared input styles (input[type="text"]) apply; a type given after the spread wins.
    type: 'text',
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateOrganizationProfile(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setInvalidAttempts((count) => count + 1);
      return;
    }
    setSaving(true);
    try {
      onSaved(
        await updateProfile({
          full_name: values.full_name.trim(),
          organization: values.organization.trim(),
          email: values.email.trim(),
          phone: values.phone.trim() || null,
        }),
      );
    } catch (error) {
      setSaving(false);
      const fromServer = fieldErrors(error);
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        setInvalidAttempts((count) => count + 1);
      }
      setFailure(errorText(error, 'Failed to save your profile'));
    }
  }

  return (
    <form
      className="profile-form"
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label="Edit organization profile"
    >
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <TextField {...field('organization')} label="Organization" autoComplete="organization" required />
      <TextField {...field('full_name')} label="Full name" autoComplete="name" required />
      <TextField
        {...field('email')}
        label="E-mail"
        type="email"
        autoComplete="email"
        hint="A new address takes effect once you open the link we send to it."
        required
      />
      <TextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" />
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button className="button button--secondary" type="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
