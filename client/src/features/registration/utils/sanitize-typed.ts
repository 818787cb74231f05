import { sanitizeInput } from '@agentry/domain/sanitize';

// Typed input is sanitised on change (spec section 5), so what the person sees is what will be
// sent. Done naively, that moves the caret: when a character is removed mid-text, React writes a
// value that differs from the element's and browsers put the caret at the end. So the clean
// value is written to the element here, with the caret moved back by what was removed before it;
// React then finds the element already holding its new value and leaves the caret alone.

/** Sanitises the element's value in place, keeping the caret, and returns the clean value. */
export function sanitizeTyped(field: HTMLInputElement | HTMLTextAreaElement): string {
  const typed = field.value;
  const clean = sanitizeInput(typed);
  if (clean === typed) return typed;
  const caret = field.selectionStart ?? typed.length;
  const newCaret = Math.min(sanitizeInput(typed.slice(0, caret)).length, clean.length);
  field.value = clean;
  field.setSelectionRange(newCaret, newCaret);
  return clean;
}
