import { API_KEY_NAME_MAX } from '../api/api-keys';
import { NameForm } from './name-form';

/** "New key": what it is for, and Create key; the server's refusal (10 keys already) said as it words it. */
export function NewApiKeyForm({ onCreate }: { onCreate: (name: string) => Promise<unknown> }) {
  return (
    <NameForm
      idPrefix="api-key-new"
      formLabel="New API key"
      fieldLabel="Name of a new key"
      placeholder="e.g. Claude Desktop, nightly report"
      maxLength={API_KEY_NAME_MAX}
      emptyMessage="Please give the key a name, such as the assistant or program that will use it"
      failureMessage="Failed to create the key. Please try again."
      submitLabel="Create key"
      busyLabel="Creating..."
      clearOnSave
      onSave={onCreate}
    />
  );
}
