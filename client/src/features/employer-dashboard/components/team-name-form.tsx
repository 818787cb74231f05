import { ORGANIZATION_NAME_MAX, TEAM_MESSAGES } from '@agentry/domain/team';
import { NameForm } from './name-form';

/** The organisation's name: the team's name, which providers see on its requests. */
export function TeamNameForm({
  current,
  onSave,
}: {
  current: string | null;
  onSave: (name: string) => Promise<void>;
}) {
  return (
    <NameForm
      idPrefix="team"
      formLabel="The organisation's name"
      fieldLabel="Organisation name"
      hint={
        current ? 'Providers see it on your team’s requests.' : 'Name your organisation to invite colleagues.'
      }
      maxLength={ORGANIZATION_NAME_MAX}
      initial={current ?? ''}
      emptyMessage={TEAM_MESSAGES.nameRequired}
      failureMessage="Failed to save the name. Please try again."
      submitLabel={current ? 'Rename' : 'Save name'}
      busyLabel="Saving..."
      buttonClassName="button button--secondary"
      onSave={onSave}
    />
  );
}
