import { decodeEntities } from '@agentry/domain/html-entities';

// The two dropdowns. The role list depends on the category: disabled until one is chosen (and
// while its roles load).

interface DirectoryFiltersProps {
  category: string;
  role: string;
  categories: readonly string[];
  categoriesLoading: boolean;
  roles: readonly string[];
  rolesLoading: boolean;
  onCategoryChange: (category: string) => void;
  onRoleChange: (role: string) => void;
}

/** Keeps a value from the URL selectable even if the loaded list does not (yet) contain it. */
function withValue(options: readonly string[], value: string): readonly string[] {
  return value && !options.includes(value) ? [value, ...options] : options;
}

export function DirectoryFilters(props: DirectoryFiltersProps) {
  const { category, role, categories, categoriesLoading, roles, rolesLoading } = props;
  const roleDisabled = category === '' || rolesLoading;
  const rolePrompt =
    category === '' ? 'Choose a category first' : rolesLoading ? 'Loading roles...' : 'Choose a role';
  return (
    <form
      className="directory-filters"
      aria-label="Filter agents"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="field">
        <label htmlFor="directory-category">Category</label>
        <select
          id="directory-category"
          value={category}
          onChange={(event) => props.onCategoryChange(event.target.value)}
        >
          <option value="">{categoriesLoading ? 'Loading categories...' : 'Choose a category'}</option>
          {withValue(categories, category).map((name) => (
            <option key={name} value={name}>
              {decodeEntities(name)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="directory-role">Role</label>
        <select
          id="directory-role"
          value={role}
          disabled={roleDisabled}
          onChange={(event) => props.onRoleChange(event.target.value)}
        >
          <option value="">{rolePrompt}</option>
          {withValue(category ? roles : [], role).map((name) => (
            <option key={name} value={name}>
              {decodeEntities(name)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
