import { type RefObject, useEffect } from 'react';

/**
 * After a submit that found mistakes, moves focus to the first field marked aria-invalid, so a
 * keyboard or screen-reader user lands on what to fix instead of staying on the button.
 * `attempt` counts failed submits: each new one moves focus again, 0 does nothing.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, attempt: number) {
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, attempt]);
}
