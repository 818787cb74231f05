import { type ValidatedAdminAgent, validateAdminAgent } from '@agentry/domain/admin-rules';
import { type FormEvent, useState } from 'react';
import { useForm } from '../../../hooks/use-form';
import { errorText } from '../../../lib/api/api-client';
import { type AdminAgentDraft, draftErrors } from '../utils/agent-draft';

// What the Add and Edit forms share: validateAdminAgent before anything is sent, its one message
// above the form ('Please fill in all required fields: Name, ...') and each problem under its
// field; then the call, whose failure says the server's words or `fallback`.

export function useAdminAgentForm({
  idPrefix,
  initial,
  send,
  fallback,
}: {
  idPrefix: string;
  initial: AdminAgentDraft | (() => AdminAgentDraft);
  /** Sends the checked, normalised fields (the address with its https://). */
  send: (value: ValidatedAdminAgent) => Promise<void>;
  /** Spec section 8's message for a failure the server did not explain. */
  fallback: string;
}) {
  const form = useForm<AdminAgentDraft>({ idPrefix, initial, validate: draftErrors });
  const [summary, setSummary] = useState<string | null>(null);
  const handle = form.handleSubmit(
    async (values) => {
      const result = validateAdminAgent(values);
      if (result.ok) await send(result.value);
    },
    (error) => errorText(error, fallback),
  );

  function submit(event: FormEvent) {
    const result = validateAdminAgent(form.values);
    setSummary(result.ok ? null : result.message);
    return handle(event);
  }

  return { form, failure: summary ?? form.failure, submit };
}

export type AdminAgentForm = ReturnType<typeof useAdminAgentForm>['form'];
