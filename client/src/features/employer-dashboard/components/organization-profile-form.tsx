import { type AccountErrors, checkEmail, checkProfile } from '@agentry/domain/account-rules';
import { AccountForm } from '../../../components/form/account-form';
import { SaveActions } from '../../../components/form/save-actions';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../hooks/use-form';
import { errorText } from '../../../lib/api/api-client';
import type { SessionUser } from '../../../lib/auth/auth-api';
import {
  PROFILE_SAVE_FAILED,
  type ProfileAnswer,
  profileChanges,
  updateProfile,
} from '../../../lib/auth/update-profile';

// The organization profile's edit mode. The spec's employer dashboard saved without calling the
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
  const form = useForm<Values>({
    idPrefix: 'organization',
    initial: () => valuesOf(user),
    validate: validateOrganizationProfile,
    focusFirstInput: true,
  });
  const { field } = form;
  const submit = form.handleSubmit(
    async (values) => onSaved(await updateProfile(profileChanges(values))),
    (error) => errorText(error, PROFILE_SAVE_FAILED),
  );

  return (
    <AccountForm
      label="Edit organization profile"
      className="profile-form"
      formRef={form.formRef}
      failure={form.failure}
      onSubmit={submit}
    >
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
      <SaveActions saving={form.submitting} onCancel={onCancel} />
    </AccountForm>
  );
}
