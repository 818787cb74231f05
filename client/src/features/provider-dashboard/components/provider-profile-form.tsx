import { type AccountErrors, checkProfile } from '@agentry/domain/account-rules';
import { isValidAddress } from '@agentry/domain/address';
import { MAX_LENGTHS } from '@agentry/domain/input-lengths';
import { useState } from 'react';
import { AccountForm } from '../../../components/form/account-form';
import { FormAlert } from '../../../components/form/form-alert';
import { SaveActions } from '../../../components/form/save-actions';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../hooks/use-form';
import { errorText } from '../../../lib/api/api-client';
import type { SessionUser } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';
import { PROFILE_SAVE_FAILED, profileChanges, updateProfile } from '../../../lib/auth/update-profile';

// What the provider page shows about the provider: the organization (its heading), a phone, and
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

const valuesOf = (user: SessionUser) => ({
  organization: user.organization ?? '',
  phone: user.phone ?? '',
  website: user.website ?? '',
});

export function ProviderProfileForm({ user }: { user: SessionUser }) {
  const { updateUser } = useAuth();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm({
    idPrefix: 'provider-profile',
    initial: () => valuesOf(user),
    validate: (values) => validateProviderProfile(user, values),
  });
  const { field } = form;
  const submit = form.handleSubmit(
    async (values) => {
      const answer = await updateProfile(profileChanges(values));
      updateUser(answer.user);
      // The server normalises the website (https:// added): show what it stored.
      form.setValues(valuesOf(answer.user));
      setSaved(answer.message);
    },
    (error) => errorText(error, PROFILE_SAVE_FAILED),
  );

  return (
    <AccountForm
      label="Provider details"
      className="profile-form"
      formRef={form.formRef}
      failure={form.failure}
      onSubmit={(event) => {
        setSaved(null);
        void submit(event);
      }}
    >
      {saved ? <FormAlert kind="success">{saved}</FormAlert> : null}
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
      <SaveActions saving={form.submitting} saveLabel="Save details" />
    </AccountForm>
  );
}
