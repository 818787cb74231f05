import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../lib/api/api-client';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

// What every account form does alike: its values, the rules' messages under the fields (the rules
// are domain/'s, as on the server), focus on the first mistake after a failed submit, and then the
// call, whose field errors go beside their fields and whose failure goes above them.

export type FormErrors = Partial<Record<string, string>>;

export interface FormOptions<Values extends Record<keyof Values, string>> {
  /** Prefix of the inputs' ids: "setup" gives "setup-email". */
  idPrefix: string;
  initial: Values | (() => Values);
  /** The form's rules, run before anything is sent. */
  validate: (values: Values) => FormErrors;
  /** Field errors found elsewhere (the page's own call), shown where the form has none of its own. */
  outsideErrors?: FormErrors;
  /** Focus the first input on arrival: a form opened by an Edit button, where the person means to type. */
  focusFirstInput?: boolean;
}

/** The props of a TextField for one of the values. */
export interface FieldProps {
  id: string;
  type: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

export function useForm<Values extends Record<keyof Values, string>>(options: FormOptions<Values>) {
  const { idPrefix, validate, outsideErrors, focusFirstInput = false } = options;
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<ReactNode>(null);
  const [submitting, setSubmitting] = useState(false);
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, invalidAttempts);
  useEffect(() => {
    if (focusFirstInput) formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [focusFirstInput]);
  const shown: FormErrors = { ...outsideErrors, ...errors };

  /** Shows these messages under their fields and, if there is one, moves focus to the first. */
  function showErrors(found: FormErrors) {
    setErrors(found);
    if (Object.values(found).some(Boolean)) setInvalidAttempts((count) => count + 1);
  }

  const set = (name: keyof Values, value: string) => setValues((old) => ({ ...old, [name]: value }));
  /** Forgets one field's message: a value the form itself offered (a suggestion chosen) answers it. */
  const clearError = (name: keyof Values & string) =>
    setErrors((old) => {
      const { [name]: _answered, ...rest } = old;
      return rest;
    });

  function field(name: keyof Values & string): FieldProps {
    return {
      id: `${idPrefix}-${name}`,
      // Explicit, so the shared input styles (input[type="text"]) apply; a type given after the spread wins.
      type: 'text',
      name,
      value: values[name],
      error: shown[name],
      onChange: (event) => set(name, event.target.value),
    };
  }

  /** Runs the rules: true when the values pass, else their messages show and focus moves to the first. */
  function check(): boolean {
    const found = validate(values);
    showErrors(found);
    setFailure(null);
    return !Object.values(found).some(Boolean);
  }

  /**
   * A submit handler: checks the values, then runs `send`. When it throws, the server's field
   * errors (as `serverErrors` reads them) go beside their fields and `failureOf` says what went
   * wrong above them (null: nothing more to say).
   */
  function handleSubmit(
    send: (values: Values) => Promise<void>,
    failureOf: (error: unknown) => ReactNode,
    serverErrors: (error: unknown) => FormErrors = fieldErrors,
  ) {
    return async (event: FormEvent) => {
      event.preventDefault();
      if (!check()) return;
      setSubmitting(true);
      try {
        await send(values);
      } catch (error) {
        const fromServer = serverErrors(error);
        if (Object.values(fromServer).some(Boolean)) showErrors(fromServer);
        setFailure(failureOf(error));
      } finally {
        setSubmitting(false);
      }
    };
  }

  return {
    values,
    setValues,
    set,
    clearError,
    field,
    errors: shown,
    failure,
    submitting,
    formRef,
    check,
    handleSubmit,
  };
}
