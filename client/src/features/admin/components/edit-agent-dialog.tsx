import { decodeEntities } from '@agentry/domain/html-entities';
import type { RefObject } from 'react';
import { AccountForm } from '../../../components/form/account-form';
import { FormAlert } from '../../../components/form/form-alert';
import { SaveActions } from '../../../components/form/save-actions';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import type { AsyncState } from '../../../hooks/use-async';
import type { AdminAgent } from '../api/get-admin-agents';
import { updateAdminAgent } from '../api/save-admin-agent';
import { useAdminAgentForm } from '../hooks/use-admin-agent-form';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import { draftOf, payloadOf } from '../utils/agent-draft';
import { AdminAgentFields } from './admin-agent-fields';

// The Edit Agent modal (spec section 2): every field plus email and status, in a modal dialog
// that takes focus to its first field and gives it back to the Edit button that opened it.

interface EditAgentDialogProps {
  /** The agent to edit; without one the dialog says 'No agent selected for editing'. */
  agent: AdminAgent | null;
  categories: AsyncState<string[]>;
  returnFocusTo: RefObject<HTMLElement | null>;
  onSaved: (agent: AdminAgent) => void;
  onClose: () => void;
}

export function EditAgentDialog(props: EditAgentDialogProps) {
  if (props.agent) return <EditAgentForm {...props} agent={props.agent} />;
  return (
    <ModalDialog title="Edit Agent" onDismiss={props.onClose} returnFocusTo={props.returnFocusTo}>
      <FormAlert kind="error">{ADMIN_MESSAGES.noAgentSelected}</FormAlert>
      <div className="dialog__actions">
        <button className="button button--secondary" type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}

function EditAgentForm({
  agent,
  categories,
  returnFocusTo,
  onSaved,
  onClose,
}: EditAgentDialogProps & { agent: AdminAgent }) {
  const { run } = useAdminSession();
  const { form, failure, submit } = useAdminAgentForm({
    idPrefix: 'edit-agent',
    initial: () => draftOf(agent),
    fallback: ADMIN_MESSAGES.updateAgentFailed,
    send: async (value) => onSaved(await run((token) => updateAdminAgent(token, agent.id, payloadOf(value)))),
  });

  return (
    <ModalDialog
      title="Edit Agent"
      className="dialog dialog--wide"
      busy={form.submitting}
      onDismiss={onClose}
      returnFocusTo={returnFocusTo}
    >
      <p className="dialog__body">
        {decodeEntities(agent.name)} by {decodeEntities(agent.provider)}
      </p>
      <AccountForm
        label={`Edit ${decodeEntities(agent.name)}`}
        className="admin-agent-form"
        formRef={form.formRef}
        failure={failure}
        onSubmit={submit}
      >
        <AdminAgentFields idPrefix="edit-agent" form={form} categories={categories} withStatus />
        <SaveActions saving={form.submitting} saveLabel="Save changes" onCancel={onClose} />
      </AccountForm>
    </ModalDialog>
  );
}
