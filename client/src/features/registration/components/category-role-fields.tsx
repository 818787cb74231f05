import { FIELD_LABELS } from '@agentry/domain/agent';
import { type AgentFormField, type FieldErrors, OTHER_OPTION } from '@agentry/domain/agent-rules';
import { decodeEntities } from '@agentry/domain/html-entities';
import { MAX_LENGTHS } from '@agentry/domain/input-lengths';
import { nearMissChoice } from '../../../components/form/near-miss-choice';
import { TextField } from '../../../components/form/text-field';
import { useCategoryRoles } from '../hooks/use-category-roles';
import type { RegistrationValues } from '../utils/registration-values';
import { sanitizeTyped } from '../utils/sanitize-typed';
import { SelectField, type SelectOption } from './select-field';

// Category and role (spec section 5): the role list is disabled until a category is chosen and
// reloads, cleared, whenever the category changes. 'Other' in either reveals a required input for
// a new value. A new category has no roles yet, so its role can only be a new one too. A typed
// value that looks like a slip for a listed one says so as it is typed ("Did you mean Finance?"),
// with the listed spelling one click away.

const OTHER: SelectOption = { value: OTHER_OPTION, label: 'Other' };
const ROLES_FAILED = 'Failed to load roles for selected category';

const asOptions = (names: readonly string[]): SelectOption[] =>
  names.map((name) => ({ value: name, label: decodeEntities(name) }));

type Patch = Partial<RegistrationValues>;

export function CategoryRoleFields({
  values,
  errors,
  categories,
  categoriesLoading,
  onChange,
}: {
  values: RegistrationValues;
  errors: FieldErrors<AgentFormField>;
  categories: readonly string[];
  categoriesLoading: boolean;
  onChange: (patch: Patch) => void;
}) {
  const { category, role } = values;
  const roles = useCategoryRoles(category);
  const newCategory = category === OTHER_OPTION;

  const rolePlaceholder = newCategory
    ? undefined
    : category === ''
      ? 'Choose a category first'
      : roles.loading
        ? 'Loading roles...'
        : 'Choose a role';

  return (
    <>
      <SelectField
        id="register-category"
        name="category"
        label={FIELD_LABELS.category}
        value={category}
        placeholder={categoriesLoading ? 'Loading categories...' : 'Choose a category'}
        options={[...asOptions(categories), OTHER]}
        error={errors.category}
        onChange={(next) => onChange({ category: next, role: next === OTHER_OPTION ? OTHER_OPTION : '' })}
      />
      {newCategory ? (
        <TextField
          id="register-newCategory"
          name="newCategory"
          label={FIELD_LABELS.newCategory}
          hint={
            nearMissChoice('category', values.newCategory, (term) =>
              // The listed category replaces "Other": its roles load into the role list.
              onChange({ category: term, newCategory: '', role: '', newRole: '' }),
            ) ?? 'The field of work the agent belongs to, such as Finance or Customer Service.'
          }
          required
          maxLength={MAX_LENGTHS.category}
          value={values.newCategory}
          error={errors.newCategory}
          onChange={(event) => onChange({ newCategory: sanitizeTyped(event.target) })}
        />
      ) : null}
      <SelectField
        id="register-role"
        name="role"
        label={FIELD_LABELS.role}
        value={role}
        placeholder={rolePlaceholder}
        options={newCategory ? [OTHER] : category === '' ? [] : [...asOptions(roles.roles), OTHER]}
        disabled={category === '' || roles.loading}
        note={roles.failed ? ROLES_FAILED : undefined}
        // Nothing can be done about the role before a category is chosen: its error is enough.
        error={category === '' ? undefined : errors.role}
        onChange={(next) => onChange({ role: next })}
      />
      {role === OTHER_OPTION ? (
        <TextField
          id="register-newRole"
          name="newRole"
          label={FIELD_LABELS.newRole}
          hint={
            nearMissChoice(
              'role',
              values.newRole,
              (term) =>
                // A role of the chosen category is picked in the list; another category's stays typed.
                roles.roles.includes(term)
                  ? onChange({ role: term, newRole: '' })
                  : onChange({ newRole: term }),
              newCategory ? values.newCategory : category,
            ) ?? 'The human role the agent replaces or assists, such as Bookkeeper.'
          }
          required
          maxLength={MAX_LENGTHS.role}
          value={values.newRole}
          error={errors.newRole}
          onChange={(event) => onChange({ newRole: sanitizeTyped(event.target) })}
        />
      ) : null}
    </>
  );
}
