import { FIELD_LABELS } from '@agentry/domain/agent';
import { type FieldErrors, validateAgentRegistration } from '@agentry/domain/agent-rules';
import { MAX_LENGTHS } from '@agentry/domain/input-lengths';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useFormOptions } from '../hooks/use-form-options';
import { useRegisterAgent } from '../hooks/use-register-agent';
import { EMPTY_REGISTRATION, type RegistrationValues, SANITISED_FIELDS } from '../utils/registration-values';
import { sanitizeTyped } from '../utils/sanitize-typed';
import { CategoryRoleFields } from './category-role-fields';
import { OwnershipReport } from './ownership-report';
import { SubscribePrompt } from './subscribe-prompt';

// The registration form of spec sections 2 and 5. The rules are domain/agent-rules, the same code
// the server runs, so a mistake gets the same message before and after sending.

type TextFieldName = Exclude<keyof RegistrationValues, 'category' | 'role' | 'newCategory' | 'newRole'>;

const LOAD_FAILED = 'Failed to load form data. Please refresh the page.';

export function RegisterAgentForm() {
  const { state: auth } = useAuth();
  const options = useFormOptions();
  const registration = useRegisterAgent();
  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(formRef, invalidAttempts + registration.serverErrorCount);

  const signedInEmail = auth.status === 'signed-in' ? auth.user.email : '';
  useEffect(() => {
    // A signed-in provider registers under their own address unless they type another.
    if (signedInEmail) setValues((old) => (old.email ? old : { ...old, email: signedInEmail }));
  }, [signedInEmail]);

  const { failure, serverErrors } = registration;
  useEffect(() => {
    // A failure about the whole form (not a field) is announced and focused where the person is.
    if (failure && Object.keys(serverErrors).length === 0) failureRef.current?.focus();
  }, [failure, serverErrors]);

  const shown: FieldErrors = { ...serverErrors, ...errors };
  const patch = (change: Partial<RegistrationValues>) => setValues((old) => ({ ...old, ...change }));

  const text = (name: TextFieldName) => ({
    id: `register-${name}`,
    name,
    label: FIELD_LABELS[name],
    value: values[name],
    error: shown[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      patch({ [name]: SANITISED_FIELDS.has(name) ? sanitizeTyped(event.target) : event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateAgentRegistration(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setInvalidAttempts((count) => count + 1);
      return;
    }
    setErrors({});
    void registration.submit(values);
  }

  return (
    <>
      <form className="form-card" ref={formRef} onSubmit={submit} noValidate aria-label="Register your agent">
        {options.failed ? <FormAlert kind="error">{LOAD_FAILED}</FormAlert> : null}
        <TextField
          {...text('email')}
          type="email"
          autoComplete="email"
          maxLength={MAX_LENGTHS.email}
          hint="The address you will manage the listing with. It is never shown publicly."
        />
        <TextField {...text('name')} required maxLength={MAX_LENGTHS.name} hint="The agent's product name." />
        <TextField
          {...text('provider')}
          required
          maxLength={MAX_LENGTHS.provider}
          autoComplete="organization"
          hint="The company or person who makes the agent."
        />
        <CategoryRoleFields
          values={values}
          errors={shown}
          categories={options.categories}
          categoriesLoading={options.loading}
          onChange={patch}
        />
        <TextField
          {...text('description')}
          required
          multiline
          rows={5}
          maxLength={MAX_LENGTHS.description}
          hint="What the agent does and for whom."
        />
        <TextField
          {...text('cost')}
          required
          maxLength={MAX_LENGTHS.cost}
          hint="Free text, such as Free, Freemium, $20/month or $0.01 per request."
        />
        <TextField
          {...text('address')}
          required
          inputMode="url"
          autoComplete="url"
          maxLength={MAX_LENGTHS.address}
          hint="The agent's web address. https:// is added if you leave it out."
        />
        {failure?.requiresSubscription ? (
          <SubscribePrompt ref={failureRef} message={failure.message} email={values.email} />
        ) : failure ? (
          <div ref={failureRef} tabIndex={-1}>
            <FormAlert kind="error">{failure.message}</FormAlert>
          </div>
        ) : null}
        <div className="form-actions">
          <button
            className="button button--primary button--large"
            type="submit"
            disabled={registration.submitting}
          >
            {registration.submitting ? 'Registering...' : 'Register Agent'}
          </button>
        </div>
        <p className="form-field__hint">
          Your first agent is listed free once you confirm your e-mail address (without one, once our staff
          have reviewed it). By registering you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </form>
      {failure?.unclaimedAgentId ? (
        <OwnershipReport
          key={failure.unclaimedAgentId}
          agentId={failure.unclaimedAgentId}
          email={values.email}
        />
      ) : null}
    </>
  );
}
