import { MAX_LENGTHS } from '@agentry/domain/input-lengths';
import {
  checkOwnershipReport,
  OWNERSHIP_REPORT_MESSAGE_MAX,
  OWNERSHIP_REPORT_NAME_MAX,
  type OwnershipReportErrors,
} from '@agentry/domain/ownership-report';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { errorText, fieldErrors } from '../../../lib/api/api-client';
import { reportListing } from '../api/report-listing';

// When the name a person registers is already listed and nobody manages that listing, its maker
// can tell staff so ("this is my product"): the report lands in the admin inbox and staff answer by
// e-mail (docs/accounts.md, ownership). Its own form beside the registration form (forms do not nest).

const SEND_FAILED = 'Failed to send your report. Please try again.';

export function OwnershipReport({ agentId, email }: { agentId: string; email: string }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ name: '', organization: '', email, message: '' });
  const [errors, setErrors] = useState<OwnershipReportErrors>({});
  const [attempts, setAttempts] = useState(0);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, attempts);

  const field = (name: keyof typeof values, label: string) => ({
    id: `report-${name}`,
    name,
    label,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
  });

  async function send(event: FormEvent) {
    event.preventDefault();
    const problems = checkOwnershipReport(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setAttempts((count) => count + 1);
      return;
    }
    setSending(true);
    setResult(null);
    try {
      const answer = await reportListing(agentId, values);
      setResult({ kind: 'success', text: answer.message });
    } catch (error) {
      const fromServer = fieldErrors(error) as OwnershipReportErrors;
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        setAttempts((count) => count + 1);
      }
      setResult({ kind: 'error', text: errorText(error, SEND_FAILED) });
    } finally {
      setSending(false);
    }
  }

  if (result?.kind === 'success') return <FormAlert kind="success">{result.text}</FormAlert>;

  return (
    <section className="ownership-report" aria-labelledby="ownership-report-title">
      <h2 id="ownership-report-title" className="ownership-report__title">
        Is this your product?
      </h2>
      <p>
        Nobody manages this listing. If you make this product, tell our staff: they check and answer you by
        e-mail, and can correct the listing, remove it or hand it over to you.
      </p>
      {open ? (
        <form ref={formRef} noValidate onSubmit={send} aria-label="This is my product">
          <TextField {...field('name', 'Your name')} required maxLength={OWNERSHIP_REPORT_NAME_MAX} />
          <TextField {...field('organization', 'Organization')} maxLength={OWNERSHIP_REPORT_NAME_MAX} />
          <TextField
            {...field('email', 'Email')}
            required
            type="email"
            autoComplete="email"
            maxLength={MAX_LENGTHS.email}
            hint="Where our staff answer you."
          />
          <TextField
            {...field('message', 'How is this product yours?')}
            required
            multiline
            rows={4}
            maxLength={OWNERSHIP_REPORT_MESSAGE_MAX}
            hint="For example your company, the product's website, and what is wrong with the listing."
          />
          {result ? <FormAlert kind="error">{result.text}</FormAlert> : null}
          <div className="form-actions">
            <button className="button button--primary" type="submit" disabled={sending}>
              {sending ? 'Sending...' : 'Send to our staff'}
            </button>
          </div>
        </form>
      ) : (
        <button className="button button--secondary" type="button" onClick={() => setOpen(true)}>
          This is my product
        </button>
      )}
    </section>
  );
}
