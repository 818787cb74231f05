import { AGENT_FIELDS, type AgentField } from '@agentry/domain/agent';
import { checkField, OTHER_OPTION } from '@agentry/domain/agent-rules';
import { decodeEntities } from '@agentry/domain/html-entities';
import { formatPlanPrice, PLANS } from '@agentry/domain/plans';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountForm } from '../../../components/form/account-form';
import { nearMissChoice } from '../../../components/form/near-miss-choice';
import { SaveActions } from '../../../components/form/save-actions';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../hooks/use-form';
import { ApiError, errorText, fieldErrors } from '../../../lib/api/api-client';
import type { OwnAgent, OwnAgentFields } from '../api/get-own-agents';
import { updateOwnAgent } from '../api/update-own-agent';
import { RoleSelectField } from './role-select-field';

// Inline edit of one agent on its card. Spec section 5: all seven fields are required; the rules
// (lengths, markup, URL) are the registration's, from domain/agent-rules, as the server applies.

type Errors = Partial<Record<AgentField, string>>;

interface Draft extends OwnAgentFields {
  /** The role option chosen; OTHER_OPTION means the custom role typed below it. */
  roleChoice: string;
}

function draftOf(agent: OwnAgent): Draft {
  const fields = Object.fromEntries(AGENT_FIELDS.map((field) => [field, decodeEntities(agent[field])]));
  return { ...(fields as OwnAgentFields), roleChoice: decodeEntities(agent.role) };
}

/** The fields to send, with the custom role in place of 'Other (Custom)'. */
export function fieldsOf(draft: Draft): OwnAgentFields {
  const { roleChoice, ...fields } = draft;
  return { ...fields, role: roleChoice === OTHER_OPTION ? fields.role : roleChoice };
}

export function validateDraft(draft: Draft): Errors {
  const fields = fieldsOf(draft);
  const errors: Errors = {};
  for (const field of AGENT_FIELDS) {
    const problem = checkField(field, fields[field], true, fields.category);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** A 409 requires_subscription: editing needs the provider plan. */
function needsSubscription(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.body?.requires_subscription !== true)
    return null;
  const { message } = error.body;
  return typeof message === 'string' ? message : errorText(error, 'Failed to update agent');
}

/** The server's field errors, a custom role's ('newRole') shown at the role. */
function serverErrorsOf(error: unknown): Errors {
  const fromServer = fieldErrors(error);
  return { ...fromServer, role: fromServer.role ?? fromServer.newRole };
}

function failureOf(error: unknown): ReactNode {
  const subscriptionMessage = needsSubscription(error);
  if (!subscriptionMessage) return errorText(error, 'Failed to update agent');
  return (
    <>
      {subscriptionMessage}{' '}
      <Link to="/account-setup" state={{ mode: 'upgrade' }}>
        Subscribe for {formatPlanPrice(PLANS.agent_provider)}
      </Link>
    </>
  );
}

export function AgentEditForm({
  agent,
  onSaved,
  onCancel,
}: {
  agent: OwnAgent;
  onSaved: (agent: OwnAgent) => void;
  onCancel: () => void;
}) {
  const idPrefix = `edit-${agent.id}`;
  const form = useForm<Draft>({
    idPrefix,
    initial: () => draftOf(agent),
    validate: validateDraft,
    focusFirstInput: true,
  });
  const { values: draft, setValues: setDraft, set } = form;
  // Roles are listed for the category as last committed (on blur), not on every keystroke.
  const [rolesCategory, setRolesCategory] = useState(draft.category);
  const submit = form.handleSubmit(
    async (values) => onSaved(await updateOwnAgent(agent.id, fieldsOf(values))),
    failureOf,
    serverErrorsOf,
  );
  const text = (field: Exclude<AgentField, 'role'>, label: string) => ({
    ...form.field(field),
    label,
    required: true,
  });

  return (
    <AccountForm
      label={`Edit ${decodeEntities(agent.name)}`}
      className="agent-edit-form"
      formRef={form.formRef}
      failure={form.failure}
      onSubmit={submit}
    >
      <TextField {...text('name', 'Name')} />
      <TextField {...text('provider', 'Provider')} />
      <TextField
        {...text('category', 'Category')}
        // A slip for a listed category is said as it is typed, as in registration (issue 25).
        hint={nearMissChoice('category', draft.category, (term) => {
          set('category', term);
          form.clearError('category');
          setRolesCategory(term);
        })}
        onBlur={() => setRolesCategory(draft.category)}
      />
      <RoleSelectField
        idPrefix={idPrefix}
        category={rolesCategory}
        choice={draft.roleChoice}
        customRole={draft.role}
        currentRole={decodeEntities(agent.role)}
        error={form.errors.role}
        onChoiceChange={(choice) =>
          setDraft((old) => ({ ...old, roleChoice: choice, role: choice === OTHER_OPTION ? '' : choice }))
        }
        onCustomRoleChange={(role) => set('role', role)}
      />
      <TextField {...text('description', 'Description')} multiline rows={5} />
      <TextField {...text('cost', 'Cost')} hint="Free text, such as Free, $29/month or $0.01 per request." />
      <TextField {...text('address', 'Address')} type="url" inputMode="url" hint="The agent's web address." />
      <SaveActions saving={form.submitting} onCancel={onCancel} />
    </AccountForm>
  );
}
