import { OTHER_OPTION } from '@agentry/domain/agent-rules';

/**
 * Drops a listed name that reads 'other': the form adds its own 'Other' choice, which asks for a
 * new value, and a second one would be ambiguous (the rules treat any 'other' as that choice).
 */
export function withoutOther(names: readonly string[]): string[] {
  return names.filter((name) => name.trim().toLowerCase() !== OTHER_OPTION);
}
