import { ORGANIZATION_NAME_MAX, TEAM_MESSAGES } from '@agentry/domain/team';
import { NameForm } from './name-form';

/**
 * The organization's name: the team's name, which providers see on its requests. Before the team
 * has one, the field starts with the organization of the subscriber's profile (`suggested`): they
 * gave it when they signed up, and an empty field read as if it had been lost.
 */
export function TeamNameForm({
  current,
  suggested,
  onSave,
}: {
  current: string | null;
  suggested?: string | null;
  onSave: (name: string) => Promise<void>;
}) {
  return (
    <NameForm
      idPrefix="team"
      formLabel="The organization's name"
      fieldLabel="Organization name"
      hint={
        current ? 'Providers see it on your team’s requests.' : 'Name your organization to invite colleagues.'
      }
      maxLength={ORGANIZATION_NAME_MAX}
      initial={current ?? suggested ?? ''}
      emptyMessage={TEAM_MESSAGES.nameRequired}
      failureMessage="Failed to save the name. Please try again."
      submitLabel={current ? 'Rename' : 'Save name'}
      busyLabel="Saving..."
      buttonClassName="button button--secondary"
      onSave={onSave}
    />
  );
}
