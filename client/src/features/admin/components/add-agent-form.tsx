import { decodeEntities } from '@agentry/domain/html-entities';
import { useState } from 'react';
import { AccountForm } from '../../../components/form/account-form';
import { FormAlert } from '../../../components/form/form-alert';
import type { AsyncState } from '../../../hooks/use-async';
import { createAdminAgent } from '../api/save-admin-agent';
import { useAdminAgentForm } from '../hooks/use-admin-agent-form';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import { EMPTY_DRAFT, payloadOf } from '../utils/agent-draft';
import { AdminAgentFields } from './admin-agent-fields';

/** "Add New Agent" (spec section 2): checked by the admin edit rule before it is sent. */
export function AddAgentForm({
  categories,
  onAdded,
}: {
  categories: AsyncState<string[]>;
  onAdded: () => void;
}) {
  const { run } = useAdminSession();
  const [added, setAdded] = useState<string | null>(null);
  const agentForm = useAdminAgentForm({
    idPrefix: 'add-agent',
    initial: EMPTY_DRAFT,
    fallback: ADMIN_MESSAGES.addAgentFailed,
    send: async (value) => {
      const { status: _status, ...fields } = payloadOf(value);
      const agent = await run((token) => createAdminAgent(token, fields));
      setAdded(`${decodeEntities(agent.name)} was added.`);
      agentForm.form.setValues(EMPTY_DRAFT);
      onAdded();
    },
  });
  const { form } = agentForm;

  return (
    <section className="dashboard-panel" aria-labelledby="add-agent-title">
      <h2 id="add-agent-title">Add New Agent</h2>
      <AccountForm
        label="Add New Agent"
        className="admin-agent-form"
        formRef={form.formRef}
        failure={agentForm.failure}
        onSubmit={(event) => {
          setAdded(null);
          return agentForm.submit(event);
        }}
      >
        <AdminAgentFields idPrefix="add-agent" form={form} categories={categories} />
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={form.submitting}>
            {form.submitting ? 'Adding...' : 'Add Agent'}
          </button>
        </div>
        {added ? <FormAlert kind="success">{added}</FormAlert> : null}
      </AccountForm>
    </section>
  );
}
