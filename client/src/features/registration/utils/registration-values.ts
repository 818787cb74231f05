import type { AgentFormField } from '@agentry/domain/agent-rules';

// The registration form's fields, in the order of spec section 2, as the API takes them.

export type RegistrationValues = Record<AgentFormField, string>;

export const EMPTY_REGISTRATION: RegistrationValues = {
  email: '',
  name: '',
  provider: '',
  category: '',
  newCategory: '',
  role: '',
  newRole: '',
  description: '',
  cost: '',
  address: '',
};

/**
 * Fields sanitised as they are typed (spec section 5). Not the e-mail or the address: stripping
 * quotes or "javascript:" from those would silently change what identifies the person or where
 * the link goes; their format rules refuse bad values instead.
 */
export const SANITISED_FIELDS: ReadonlySet<AgentFormField> = new Set([
  'name',
  'provider',
  'newCategory',
  'newRole',
  'description',
  'cost',
]);
