import { useState } from 'react';
import { TextField } from '../../../components/form/text-field';
import { type AsyncState, useAsync } from '../../../hooks/use-async';
import { getRoles } from '../../../lib/api/get-roles';
import type { AdminAgentForm } from '../hooks/use-admin-agent-form';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import type { AdminAgentDraft } from '../utils/agent-draft';

// The fields of the admin edit rule (spec section 5): seven required, email optional, and status
// (optional, edit only). Category and role are free text, suggested from the lists the site has.

export function AdminAgentFields({
  idPrefix,
  form,
  categories,
  withStatus = false,
}: {
  /** The form's id prefix, for its suggestion lists. */
  idPrefix: string;
  form: AdminAgentForm;
  categories: AsyncState<string[]>;
  withStatus?: boolean;
}) {
  const { values, field } = form;
  // Roles are suggested for the category as last committed (on blur), not on every keystroke.
  const [rolesCategory, setRolesCategory] = useState(values.category.trim());
  const roles = useAsync(rolesCategory || null, (signal) => getRoles(rolesCategory, signal));
  const text = (name: keyof AdminAgentDraft & string, label: string, required = true) => ({
    ...field(name),
    label,
    required,
  });

  return (
    <>
      <TextField {...text('name', 'Name')} />
      <TextField {...text('email', 'Email', false)} type="email" autoComplete="off" />
      <TextField {...text('provider', 'Provider')} />
      <TextField
        {...text('category', 'Category')}
        list={`${idPrefix}-categories`}
        autoComplete="off"
        hint={categories.status === 'error' ? ADMIN_MESSAGES.fetchCategoriesFailed : undefined}
        onBlur={() => setRolesCategory(values.category.trim())}
      />
      <Suggestions id={`${idPrefix}-categories`} options={categories} />
      <TextField
        {...text('role', 'Role')}
        list={`${idPrefix}-roles`}
        autoComplete="off"
        hint={roles.status === 'error' ? ADMIN_MESSAGES.fetchRolesFailed : undefined}
      />
      <Suggestions id={`${idPrefix}-roles`} options={roles} />
      <TextField {...text('description', 'Description')} multiline rows={4} />
      <TextField {...text('cost', 'Cost')} hint="Free text, such as Free, $29/month or $0.01 per request." />
      <TextField
        {...text('address', 'Address')}
        type="url"
        inputMode="url"
        hint="The agent's web address; https:// is added when no scheme is given."
      />
      {withStatus ? (
        <TextField {...text('status', 'Status', false)} hint="Free text, shown to staff." />
      ) : null}
    </>
  );
}

function Suggestions({ id, options }: { id: string; options: AsyncState<string[]> }) {
  return (
    <datalist id={id}>
      {options.status === 'success'
        ? options.data.map((option) => <option key={option} value={option} />)
        : null}
    </datalist>
  );
}
