import {
  type AgentProfile,
  type AgentProfileField,
  BILLING_PERIOD_LABELS,
  BILLING_PERIODS,
  CERTIFICATION_LABELS,
  CERTIFICATIONS,
  CURRENCIES,
  DATA_RESIDENCIES,
  DATA_RESIDENCY_LABELS,
  DEPLOYMENT_LABELS,
  DEPLOYMENTS,
  INTEGRATION_SUGGESTIONS,
  LANGUAGE_CODES,
  LANGUAGES,
  PRICING_MODEL_LABELS,
  PRICING_MODELS,
  PROFILE_LABELS,
  type ProfileInput,
  validateAgentProfile,
} from '@agentry/domain/agent-profile';
import { type FormEvent, useState } from 'react';
import { errorText, fieldErrors } from '../../lib/api/api-client';

// The structured profile's form (issue 28), the same for a provider (dashboard) and staff (admin,
// `staff`: they also mark claimed certifications verified). Checked with the shared rules
// (domain/agent-profile.ts) before it is sent; the server checks again and its messages show at
// the same fields.

type Errors = Partial<Record<AgentProfileField, string>>;

interface Draft {
  pricing_model: string;
  starting_price: string;
  currency: string;
  billing_period: string;
  free_trial: string;
  trial_days: string;
  api_available: string;
  mcp_available: string;
  deployment: string[];
  integrations: string[];
  otherIntegrations: string;
  languages: string[];
  data_residency: string[];
  certifications: string[];
  certifications_verified: string[];
  tasks: string;
}

const yesNoText = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');
const suggested = (name: string) => (INTEGRATION_SUGGESTIONS as readonly string[]).includes(name);

function draftOf(profile: AgentProfile): Draft {
  return {
    pricing_model: profile.pricing_model ?? '',
    starting_price: profile.starting_price === null ? '' : String(profile.starting_price),
    currency: profile.currency ?? '',
    billing_period: profile.billing_period ?? '',
    free_trial: yesNoText(profile.free_trial),
    trial_days: profile.trial_days === null ? '' : String(profile.trial_days),
    api_available: yesNoText(profile.api_available),
    mcp_available: yesNoText(profile.mcp_available),
    deployment: [...profile.deployment],
    integrations: profile.integrations.filter(suggested),
    otherIntegrations: profile.integrations.filter((name) => !suggested(name)).join(', '),
    languages: [...profile.languages],
    data_residency: [...profile.data_residency],
    certifications: [...profile.certifications],
    certifications_verified: [...profile.certifications_verified],
    tasks: profile.tasks.join('\n'),
  };
}

export function inputOf(draft: Draft, staff: boolean): ProfileInput {
  const { otherIntegrations, tasks, certifications_verified, ...rest } = draft;
  return {
    ...rest,
    integrations: [...draft.integrations, ...otherIntegrations.split(',')]
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    tasks: tasks.split('\n').filter((task) => task.trim() !== ''),
    ...(staff ? { certifications_verified } : {}),
  };
}

export function AgentFactsForm({
  idPrefix,
  initial,
  staff = false,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  initial: AgentProfile;
  staff?: boolean;
  onSubmit: (input: ProfileInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = (name: string) => `${idPrefix}-${name}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(draft, staff);
    const checked = validateAgentProfile(input);
    setFailure(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(input);
    } catch (error) {
      setErrors(fieldErrors(error) as Errors);
      setFailure(errorText(error, 'Failed to save the profile'));
    } finally {
      setSaving(false);
    }
  };

  const error = (field: AgentProfileField) =>
    errors[field] ? (
      <p className="form-field__error" id={id(`${field}-error`)} role="alert">
        {errors[field]}
      </p>
    ) : null;

  const select = (field: keyof Draft & AgentProfileField, options: ReadonlyArray<[string, string]>) => (
    <div className="form-field">
      <label htmlFor={id(field)}>{PROFILE_LABELS[field]}</label>
      <select
        id={id(field)}
        value={draft[field] as string}
        aria-invalid={errors[field] ? true : undefined}
        onChange={(event) => setDraft((old) => ({ ...old, [field]: event.target.value }))}
      >
        <option value="">Not stated</option>
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {error(field)}
    </div>
  );

  const yesNo = (field: 'free_trial' | 'api_available' | 'mcp_available') =>
    select(field, [
      ['yes', 'Yes'],
      ['no', 'No'],
    ]);

  const checkboxes = (
    field:
      | 'deployment'
      | 'integrations'
      | 'languages'
      | 'data_residency'
      | 'certifications'
      | 'certifications_verified',
    options: ReadonlyArray<[string, string]>,
  ) => (
    <fieldset
      className="agent-facts-form__choices"
      aria-describedby={errors[field] ? id(`${field}-error`) : undefined}
    >
      <legend>{PROFILE_LABELS[field]}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="agent-facts-form__choice">
          <input
            type="checkbox"
            checked={draft[field].includes(value)}
            onChange={(event) =>
              setDraft((old) => ({
                ...old,
                [field]: event.target.checked
                  ? [...old[field], value]
                  : old[field].filter((item) => item !== value),
              }))
            }
          />{' '}
          {label}
        </label>
      ))}
      {error(field)}
    </fieldset>
  );

  const pairs = <T extends string>(codes: readonly T[], labels: Readonly<Record<T, string>>) =>
    codes.map((code) => [code, labels[code]] as [string, string]);

  return (
    <form className="agent-facts-form" noValidate onSubmit={submit} aria-label="Structured profile">
      <p className="form-field__hint">
        State only what is true today; what you leave out shows as "Not stated". Saving confirms the profile
        with today's date. Certifications show as claimed by you until our staff verify them.
      </p>
      {select('pricing_model', pairs(PRICING_MODELS, PRICING_MODEL_LABELS))}
      <div className="form-field">
        <label htmlFor={id('starting_price')}>{PROFILE_LABELS.starting_price}</label>
        <input
          id={id('starting_price')}
          inputMode="decimal"
          value={draft.starting_price}
          aria-invalid={errors.starting_price ? true : undefined}
          onChange={(event) => setDraft((old) => ({ ...old, starting_price: event.target.value }))}
        />
        {error('starting_price')}
      </div>
      {select(
        'currency',
        CURRENCIES.map((code) => [code, code]),
      )}
      {select('billing_period', pairs(BILLING_PERIODS, BILLING_PERIOD_LABELS))}
      {yesNo('free_trial')}
      <div className="form-field">
        <label htmlFor={id('trial_days')}>{PROFILE_LABELS.trial_days}</label>
        <input
          id={id('trial_days')}
          inputMode="numeric"
          value={draft.trial_days}
          aria-invalid={errors.trial_days ? true : undefined}
          onChange={(event) => setDraft((old) => ({ ...old, trial_days: event.target.value }))}
        />
        {error('trial_days')}
      </div>
      {checkboxes('deployment', pairs(DEPLOYMENTS, DEPLOYMENT_LABELS))}
      {checkboxes(
        'integrations',
        INTEGRATION_SUGGESTIONS.map((name) => [name, name]),
      )}
      <div className="form-field">
        <label htmlFor={id('other-integrations')}>Other integrations</label>
        <input
          id={id('other-integrations')}
          value={draft.otherIntegrations}
          aria-describedby={id('other-integrations-hint')}
          onChange={(event) => setDraft((old) => ({ ...old, otherIntegrations: event.target.value }))}
        />
        <p className="form-field__hint" id={id('other-integrations-hint')}>
          Separated by commas.
        </p>
      </div>
      {checkboxes('languages', pairs(LANGUAGE_CODES, LANGUAGES))}
      {checkboxes('data_residency', pairs(DATA_RESIDENCIES, DATA_RESIDENCY_LABELS))}
      {checkboxes('certifications', pairs(CERTIFICATIONS, CERTIFICATION_LABELS))}
      {staff ? checkboxes('certifications_verified', pairs(CERTIFICATIONS, CERTIFICATION_LABELS)) : null}
      {yesNo('api_available')}
      {yesNo('mcp_available')}
      <div className="form-field">
        <label htmlFor={id('tasks')}>{PROFILE_LABELS.tasks}</label>
        <textarea
          id={id('tasks')}
          rows={4}
          value={draft.tasks}
          aria-describedby={id('tasks-hint')}
          aria-invalid={errors.tasks ? true : undefined}
          onChange={(event) => setDraft((old) => ({ ...old, tasks: event.target.value }))}
        />
        <p className="form-field__hint" id={id('tasks-hint')}>
          One task per line, at most 8.
        </p>
        {error('tasks')}
      </div>
      {failure ? (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save and confirm profile'}
        </button>
        <button className="button button--secondary" type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
