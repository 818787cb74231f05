import { AGENT_FIELDS, type AgentField } from '@agentry/domain/agent';
import { checkField, OTHER_OPTION } from '@agentry/domain/agent-rules';
import { decodeEntities } from '@agentry/domain/entities';
import { formatPlanPrice, PLANS } from '@agentry/domain/plans';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
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
    const problem = checkField(field, fields[field], true);
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

export function AgentEditForm({
  agent,
  onSaved,
  onCancel,
}: {
  agent: OwnAgent;
  onSaved: (agent: OwnAgent) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(agent));
  // Roles are listed for the category as last committed (on blur), not on every keystroke.
  const [rolesCategory, setRolesCategory] = useState(draft.category);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<ReactNode>(null);
  const [saving, setSaving] = useState(false);
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, invalidAttempts);
  const idPrefix = `edit-${agent.id}`;

  // Opening the form moves focus into it, where the keyboard user expects to type.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const set = (field: keyof Draft) => (value: string) => setDraft((old) => ({ ...old, [field]: value }));
  const text = (field: Exclude<AgentField, 'role'>, label: string) => ({
    id: `${idPrefix}-${field}`,
    // Explicit, so the shared input styles (input[type="text"]) apply; a type given after the spread wins.
    type: 'text',
    name: field,
    label,
    required: true,
    value: draft[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setInvalidAttempts((count) => count + 1);
      return;
    }
    setSaving(true);
    try {
      onSaved(await updateOwnAgent(agent.id, fieldsOf(draft)));
    } catch (error) {
      setSaving(false);
      const subscriptionMessage = needsSubscription(error);
      if (subscriptionMessage) {
        setFailure(
          <>
            {subscriptionMessage}{' '}
            <Link to="/account-setup" state={{ mode: 'upgrade' }}>
              Subscribe for {formatPlanPrice(PLANS.agent_provider)}
            </Link>
          </>,
        );
        return;
      }
      const fromServer = fieldErrors(error);
      const serverErrors: Errors = { ...fromServer, role: fromServer.role ?? fromServer.newRole };
      if (Object.values(serverErrors).some(Boolean)) {
        setErrors(serverErrors);
        setInvalidAttempts((count) => count + 1);
      }
      setFailure(errorText(error, 'Failed to update agent'));
    }
  }

  return (
    <form
      className="agent-edit-form"
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={`Edit ${decodeEntities(agent.name)}`}
    >
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <TextField {...text('name', 'Name')} />
      <TextField {...text('provider', 'Provider')} />
      <TextField {...text('category', 'Category')} onBlur={() => setRolesCategory(draft.category)} />
      <RoleSelectField
        idPrefix={idPrefix}
        category={rolesCategory}
        choice={draft.roleChoice}
        customRole={draft.role}
        currentRole={decodeEntities(agent.role)}
        error={errors.role}
        onChoiceChange={(choice) =>
          setDraft((old) => ({ ...old, roleChoice: choice, role: choice === OTHER_OPTION ? '' : choice }))
        }
        onCustomRoleChange={set('role')}
      />
      <TextField {...text('description', 'Description')} multiline rows={5} />
      <TextField {...text('cost', 'Cost')} hint="Free text, such as Free, $29/month or $0.01 per request." />
      <TextField {...text('address', 'Address')} type="url" inputMode="url" hint="The agent's web address." />
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button className="button button--secondary" type="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
