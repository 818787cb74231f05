import { type AccountErrors, checkProfile } from '@agentry/domain/account-rules';
import { isValidAddress } from '@agentry/domain/address';
import { MAX_LENGTHS } from '@agentry/domain/limits';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { errorText, fieldErrors } from '../../../lib/api/api-client';
import type { SessionUser } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';
import { updateProfile } from '../../../lib/auth/update-profile';

// What the provider page shows about the provider: the organisation (its heading), a phone, and
// the website it links to. Saved on the server (PUT /api/users/profile).

// The server's wording for a bad website (server/src/commands/update-profile.ts).
export const WEBSITE_INVALID = 'Website must be a valid http(s) address';

type Errors = AccountErrors & { website?: string };

export function validateProviderProfile(
  user: Pick<SessionUser, 'full_name'>,
  values: { organization: string; phone: string; website: string },
): Errors {
  const errors: Errors = {};
  checkProfile({ full_name: user.full_name, ...values }, errors);
  const website = values.website.trim();
  if (website && (!isValidAddress(website) || website.length > MAX_LENGTHS.address))
    errors.website = WEBSITE_INVALID;
  return errors;
}

export function ProviderProfileForm({ user }: { user: SessionUser }) {
  const { updateUser } = useAuth();
  const [values, setValues] = useState({
    organization: user.organization ?? '',
    phone: user.phone ?? '',
    website: user.website ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, invalidAttempts);

  const field = (name: keyof typeof values) => ({
    id: `provider-profile-${name}`,
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
    const found = validateProviderProfile(user, values);
    setErrors(found);
    setResult(null);
    if (Object.keys(found).length > 0) {
      setInvalidAttempts((count) => count + 1);
      return;
    }
    setSaving(true);
    try {
      const answer = await updateProfile({
        organization: values.organization.trim(),
        phone: values.phone.trim() || null,
        website: values.website.trim() || null,
      });
      updateUser(answer.user);
      // The server normalises the website (https:// added): show what it stored.
      setValues({
        organization: answer.user.organization ?? '',
        phone: answer.user.phone ?? '',
        website: answer.user.website ?? '',
      });
      setResult({ kind: 'success', text: answer.message });
    } catch (error) {
      const fromServer = fieldErrors(error);
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        setInvalidAttempts((count) => count + 1);
      }
      setResult({ kind: 'error', text: errorText(error, 'Failed to save your profile') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="profile-form" ref={formRef} onSubmit={submit} noValidate aria-label="Provider details">
      {result ? <FormAlert kind={result.kind}>{result.text}</FormAlert> : null}
      <TextField
        {...field('organization')}
        label="Organization"
        hint="The heading of your provider page."
        autoComplete="organization"
        required
      />
      <TextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" />
      <TextField
        {...field('website')}
        label="Website"
        type="url"
        inputMode="url"
        autoComplete="url"
        hint="Your provider page links to it."
      />
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save details'}
        </button>
      </div>
    </form>
  );
}
