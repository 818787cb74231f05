import { SHORTLIST_NAME_MAX, type Shortlist } from '../../../lib/api/shortlists';
import { NameForm } from './name-form';

/** "New list": a name and Create; the server refuses a name another list has (409, said as it words it). */
export function NewShortlistForm({ onCreate }: { onCreate: (name: string) => Promise<Shortlist> }) {
  return (
    <NameForm
      idPrefix="shortlist-new"
      formLabel="New list"
      fieldLabel="Name of a new list"
      placeholder="e.g. Support desk, Q3"
      maxLength={SHORTLIST_NAME_MAX}
      emptyMessage="Please give the list a name"
      failureMessage="Failed to create the list. Please try again."
      submitLabel="Create list"
      busyLabel="Creating..."
      clearOnSave
      onSave={onCreate}
    />
  );
}
