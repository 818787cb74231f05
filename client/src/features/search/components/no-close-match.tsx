import type { SearchSuggestions } from '@agentry/domain/search-match';
import { Link } from 'react-router-dom';

// A search with no close match says so, and offers what to try: the query with a word read
// otherwise, a broader category to browse, a role (the role view), or the directory.

interface NoCloseMatchProps {
  query: string;
  suggestions?: SearchSuggestions;
  onSearch: (query: string) => void;
  onRoleSelect: (role: string, category: string) => void;
}

export function NoCloseMatch({ query, suggestions, onSearch, onRoleSelect }: NoCloseMatchProps) {
  const corrected = suggestions?.query;
  const categories = suggestions?.categories ?? [];
  const roles = suggestions?.roles ?? [];
  return (
    <div className="empty-state no-close-match">
      <p>
        No agent matches <q>{query}</q> closely.
      </p>
      {corrected && (
        <p>
          Did you mean{' '}
          <button type="button" className="link-button" onClick={() => onSearch(corrected)}>
            {corrected}
          </button>
          ?
        </p>
      )}
      {(categories.length > 0 || roles.length > 0) && (
        <ul className="no-close-match__tries" aria-label="Try instead">
          {categories.map((category) => (
            <li key={`c-${category}`}>
              <Link to={`/directory?${new URLSearchParams({ category })}`}>Browse {category}</Link>
            </li>
          ))}
          {roles.map(({ role, category }) => (
            <li key={`r-${role}-${category}`}>
              <button type="button" className="link-button" onClick={() => onRoleSelect(role, category)}>
                {role} agents
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>
        Try describing the job in other words, or <Link to="/directory">browse the directory</Link> by
        category and role.
      </p>
    </div>
  );
}
